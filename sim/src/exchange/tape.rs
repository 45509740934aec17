//! A contract's trades as its market data needs them, in memory that stops growing: the latest
//! trades themselves (recent trades, the trade channel) and candles of one minute and of one
//! hour (the 24 h statistics, klines of every interval).
//!
//! Each part is capped: at least [`RECENT`] trades (at most twice as many), two days of minute
//! candles ([`MINUTES`]) and a year of hour candles ([`HOURS`]). A venue that has run for a month
//! holds what it held after its first day, whatever the trade rate, and its snapshots stay as
//! small. Klines of an interval that is a whole number of hours are built from the hour candles,
//! the others from the minute candles.

use std::collections::VecDeque;

use rust_decimal::Decimal;

use super::book::Side;

/// The tape keeps at least this many trades, at most twice as many.
pub const RECENT: usize = 1_000;
/// Minute candles kept: two days.
pub const MINUTES: usize = 2 * 1_440;
/// Hour candles kept: a year.
pub const HOURS: usize = 366 * 24;

/// The most trades the tape holds: at this many it forgets the oldest [`RECENT`].
const HELD: usize = 2 * RECENT;

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 60 * MINUTE_MS;

/// A public trade, for the ticker, candlesticks and the market stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Print {
    /// Trade id (the one `myTrades` shows both sides).
    pub trade_id: i64,
    /// The incoming order that matched: the market stream sends the trades of one match in one
    /// frame.
    pub taker_order: i64,
    /// Side of the incoming order (the market stream's `side`).
    pub taker_side: Side,
    /// Exchange-clock time (ms).
    pub time: i64,
    /// Price.
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The amount the market stream states: price × contracts, as the exchange's own frames
    /// show (a notional in the margin coin needs the contract's multiplier).
    pub amount: Decimal,
}

/// One candle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Candle {
    /// Start (ms, a multiple of the interval).
    pub start: i64,
    /// First price.
    pub open: Decimal,
    /// Highest price.
    pub high: Decimal,
    /// Lowest price.
    pub low: Decimal,
    /// Last price.
    pub close: Decimal,
    /// Contracts traded.
    pub vol: Decimal,
    /// Value traded.
    pub amount: Decimal,
}

impl Candle {
    /// The candle of one trade.
    fn of(start: i64, p: &Print) -> Candle {
        Candle {
            start,
            open: p.price,
            high: p.price,
            low: p.price,
            close: p.price,
            vol: p.volume,
            amount: p.amount,
        }
    }

    fn add(&mut self, p: &Print) {
        self.high = self.high.max(p.price);
        self.low = self.low.min(p.price);
        self.close = p.price;
        self.vol += p.volume;
        self.amount += p.amount;
    }

    /// Folds a later candle of the same interval into this one.
    fn merge(&mut self, later: &Candle) {
        self.high = self.high.max(later.high);
        self.low = self.low.min(later.low);
        self.close = later.close;
        self.vol += later.vol;
        self.amount += later.amount;
    }

    /// A candle without trades at `price`.
    pub fn flat(start: i64, price: Decimal) -> Candle {
        Candle {
            start,
            open: price,
            high: price,
            low: price,
            close: price,
            vol: Decimal::ZERO,
            amount: Decimal::ZERO,
        }
    }
}

/// Candles of one width, oldest first, one per interval with trades, at most `cap`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
struct Series {
    width: i64,
    cap: usize,
    candles: VecDeque<Candle>,
}

impl Series {
    fn new(width: i64, cap: usize) -> Series {
        Series {
            width,
            cap,
            candles: VecDeque::new(),
        }
    }

    fn add(&mut self, p: &Print) {
        let start = p.time.div_euclid(self.width) * self.width;
        match self.candles.back_mut() {
            Some(c) if c.start == start => c.add(p),
            Some(c) if c.start > start => {
                // A trade older than the newest candle (a source's trades can arrive late).
                let i = self.candles.partition_point(|c| c.start < start);
                match self.candles.get_mut(i) {
                    Some(c) if c.start == start => c.add(p),
                    _ => self.candles.insert(i, Candle::of(start, p)),
                }
            }
            _ => self.candles.push_back(Candle::of(start, p)),
        }
        if self.candles.len() > self.cap {
            self.candles.pop_front();
        }
    }

    /// The candles of `width` (a multiple of this series' width) whose intervals end after
    /// `after`, oldest first.
    fn rolled(&self, width: i64, after: i64) -> Vec<Candle> {
        let first = self
            .candles
            .partition_point(|c| c.start + self.width <= after);
        let mut out: Vec<Candle> = Vec::new();
        for c in self.candles.range(first..) {
            let start = c.start.div_euclid(width) * width;
            match out.last_mut() {
                Some(last) if last.start == start => last.merge(c),
                _ => out.push(Candle { start, ..*c }),
            }
        }
        out
    }
}

/// A contract's trades: the latest ones, and their candles. Positions count from the first
/// trade ever printed, so a reader that remembers where it was finds what came since.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Tape {
    prints: Vec<Print>,
    dropped: u64,
    minutes: Series,
    hours: Series,
}

impl Default for Tape {
    fn default() -> Tape {
        Tape {
            prints: Vec::new(),
            dropped: 0,
            minutes: Series::new(MINUTE_MS, MINUTES),
            hours: Series::new(HOUR_MS, HOURS),
        }
    }
}

impl Tape {
    /// A tape of `prints` (oldest first), as if they were all the trades ever printed.
    pub fn from_prints(prints: impl IntoIterator<Item = Print>) -> Tape {
        let mut tape = Tape::default();
        for p in prints {
            tape.push(p);
        }
        tape
    }

    /// Adds a trade.
    pub fn push(&mut self, print: Print) {
        self.minutes.add(&print);
        self.hours.add(&print);
        if self.prints.capacity() < HELD {
            self.prints = held(std::mem::take(&mut self.prints));
        }
        self.prints.push(print);
        if self.prints.len() >= HELD {
            self.prints.drain(..RECENT);
            self.dropped += RECENT as u64;
        }
    }

    /// The latest trades kept, oldest first.
    pub fn prints(&self) -> &[Print] {
        &self.prints
    }

    /// The newest trade.
    pub fn last(&self) -> Option<&Print> {
        self.prints.last()
    }

    /// Whether no trade was ever printed.
    pub fn is_empty(&self) -> bool {
        self.prints.is_empty()
    }

    /// The position after the newest trade.
    pub fn end(&self) -> u64 {
        self.dropped + self.prints.len() as u64
    }

    /// The trades from position `pos` on (those still kept).
    pub fn since(&self, pos: u64) -> &[Print] {
        let skip = usize::try_from(pos.saturating_sub(self.dropped)).unwrap_or(usize::MAX);
        self.prints.get(skip..).unwrap_or_default()
    }

    /// Every candle of `width` ms kept, oldest first, one per interval with trades.
    pub fn candles(&self, width: i64) -> Vec<Candle> {
        self.series(width).rolled(width, i64::MIN)
    }

    /// The candle of `width` ms holding the newest trade.
    pub fn latest_candle(&self, width: i64) -> Option<Candle> {
        let start = self.last()?.time.div_euclid(width) * width;
        self.series(width).rolled(width, start).pop()
    }

    /// The trades of the minutes that end after `after`, as one candle (its `start` is the
    /// first such minute's).
    pub fn window(&self, after: i64) -> Option<Candle> {
        let mut minutes = self.minutes.rolled(MINUTE_MS, after).into_iter();
        let mut all = minutes.next()?;
        for c in minutes {
            all.merge(&c);
        }
        Some(all)
    }

    /// The series klines of `width` are built from: hours for whole hours, minutes otherwise.
    fn series(&self, width: i64) -> &Series {
        if width % HOUR_MS == 0 {
            &self.hours
        } else {
            &self.minutes
        }
    }
}

/// `prints` in a vector with room for [`HELD`] trades, every byte of it written once: the tape
/// is as large in memory from its first trade as after a month. Grown by doubling and filled
/// at the market's pace instead, it made a venue's resident size creep for its first minutes
/// (a copy at each doubling, then pages touched as trades arrived), which looks like a leak.
fn held(prints: Vec<Print>) -> Vec<Print> {
    let blank = Print {
        trade_id: 0,
        taker_order: 0,
        taker_side: Side::Buy,
        time: 0,
        price: Decimal::ZERO,
        volume: Decimal::ZERO,
        amount: Decimal::ZERO,
    };
    let mut room = vec![blank; HELD];
    room.clear();
    room.extend(prints);
    room
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A trade of one contract at `price`, its ids its time (for tests here and in `market`).
    pub(crate) fn print(time: i64, price: i64) -> Print {
        Print {
            trade_id: time,
            taker_order: time,
            taker_side: Side::Buy,
            time,
            price: Decimal::from(price),
            volume: Decimal::ONE,
            amount: Decimal::from(price),
        }
    }

    fn ohlcv(c: &Candle) -> (i64, i64, i64, i64, i64, i64) {
        let i = |d: Decimal| i64::try_from(d).unwrap_or(-1);
        (
            c.start,
            i(c.open),
            i(c.high),
            i(c.low),
            i(c.close),
            i(c.vol),
        )
    }

    #[test]
    fn candles_group_trades_by_interval() {
        let tape = Tape::from_prints([
            print(0, 10),
            print(59_999, 12),
            print(60_000, 11),
            print(180_000, 9),
        ]);
        let c: Vec<_> = tape.candles(MINUTE_MS).iter().map(ohlcv).collect();
        assert_eq!(
            c,
            vec![
                (0, 10, 12, 10, 12, 2),
                (60_000, 11, 11, 11, 11, 1),
                (180_000, 9, 9, 9, 9, 1)
            ],
            "no candle for a minute without trades"
        );
        let five: Vec<_> = tape.candles(5 * MINUTE_MS).iter().map(ohlcv).collect();
        assert_eq!(five, vec![(0, 10, 12, 9, 9, 4)]);
    }

    #[test]
    fn rolled_candles_equal_candles_built_from_the_trades() {
        // A walk over three days, one trade every 7 s: every interval's candles, from the minute
        // or the hour series, equal those built from the trades one by one.
        let mut price = 1_000i64;
        let prints: Vec<Print> = (0..3 * 86_400 / 7)
            .map(|i| {
                price += (i * 7919 % 13) - 6;
                print(i * 7_000, price)
            })
            .collect();
        let tape = Tape::from_prints(prints.iter().copied());
        for width in [
            MINUTE_MS,
            15 * MINUTE_MS,
            HOUR_MS,
            4 * HOUR_MS,
            24 * HOUR_MS,
        ] {
            let mut direct: Vec<Candle> = Vec::new();
            for p in &prints {
                let start = p.time.div_euclid(width) * width;
                match direct.last_mut() {
                    Some(c) if c.start == start => c.add(p),
                    _ => direct.push(Candle::of(start, p)),
                }
            }
            let kept = tape.candles(width);
            let tail = direct.split_off(direct.len() - kept.len());
            assert_eq!(kept, tail, "width {width}");
            assert_eq!(tape.latest_candle(width), tail.last().copied());
        }
        // Minute candles go back two days, hour candles to the first trade.
        assert_eq!(tape.candles(MINUTE_MS).len(), MINUTES);
        assert_eq!(tape.candles(HOUR_MS).len(), 72);
    }

    #[test]
    fn memory_stops_growing() {
        let mut tape = Tape::default();
        for i in 0..(5 * RECENT as i64) {
            tape.push(print(i * 100_000, 10));
        }
        assert!(tape.prints().len() < 2 * RECENT);
        assert_eq!(tape.end(), 5 * RECENT as u64);
        assert_eq!(tape.since(tape.end() - 3).len(), 3);
        assert_eq!(tape.candles(MINUTE_MS).len(), MINUTES);
    }

    #[test]
    fn a_late_trade_joins_its_own_candle() {
        let tape = Tape::from_prints([print(0, 10), print(120_000, 12), print(61_000, 8)]);
        let c: Vec<_> = tape.candles(MINUTE_MS).iter().map(ohlcv).collect();
        assert_eq!(
            c,
            vec![
                (0, 10, 10, 10, 10, 1),
                (60_000, 8, 8, 8, 8, 1),
                (120_000, 12, 12, 12, 12, 1)
            ]
        );
    }

    #[test]
    fn the_trades_have_their_whole_room_from_the_first_and_keep_it() {
        let mut tape = Tape::default();
        assert_eq!(tape.prints.capacity(), 0, "no room before a trade");
        tape.push(print(0, 10));
        assert_eq!(tape.prints.capacity(), HELD);
        for i in 1..(3 * HELD as i64) {
            tape.push(print(i, 10));
            assert_eq!(tape.prints.capacity(), HELD, "moved at trade {i}");
        }
        // A tape read back from a snapshot holds only its trades; its next trade gives it its
        // room, the trades kept in order.
        let mut read_back = Tape {
            prints: tape.prints[..5].to_vec(),
            ..tape.clone()
        };
        read_back.push(print(10_000, 11));
        assert_eq!(read_back.prints.capacity(), HELD);
        assert_eq!(&read_back.prints[..5], &tape.prints[..5]);
        assert_eq!(read_back.last().map(|p| p.time), Some(10_000));
    }

    #[test]
    fn the_window_covers_the_minutes_that_end_after_its_start() {
        let tape = Tape::from_prints([print(0, 10), print(60_000, 12), print(150_000, 11)]);
        let w = tape.window(60_000).map(|c| ohlcv(&c));
        assert_eq!(w, Some((60_000, 12, 12, 11, 11, 2)));
        assert_eq!(tape.window(200_000), None);
    }
}
