//! What the store's history knows of recent done orders without reading the store: the newest
//! done order id of each client order id, for the orders done since the venue started, bounded
//! to the newest [`CAPACITY`] of them.
//!
//! A cancel or a look-up by client order id that finds a live order must still know whether a
//! done order with the same client order id is newer (a client order id may be used again). Any
//! such order was accepted after the live one, so its id is larger; when the live order is newer
//! than every order done before the start and than every order this index let go, the index
//! alone answers, and the store is not read.

use std::collections::{BTreeMap, HashMap};

/// Done orders the index holds at most (about 100 bytes each).
pub const CAPACITY: usize = 4_096;

/// The newest done order id of each `(uid, client order id)` among the done orders it holds.
#[derive(Debug, Default)]
pub struct RecentDone {
    /// Done orders held, by id: their account and client order id.
    by_id: BTreeMap<i64, (i64, Box<str>)>,
    /// The newest id held of each account's client order id.
    newest: HashMap<i64, HashMap<Box<str>, i64>>,
    /// Every done order with an id at or below it may be missing here: those done before the
    /// start (their largest id) and those let go.
    floor: i64,
}

impl RecentDone {
    /// An index that knows nothing of the orders up to `floor`: the largest id of an order
    /// done before the start.
    pub fn new(floor: i64) -> RecentDone {
        RecentDone {
            floor,
            ..RecentDone::default()
        }
    }

    /// Notes a done order.
    pub fn note(&mut self, id: i64, uid: i64, coid: &str) {
        if id <= self.floor {
            return;
        }
        let newest = self.newest.entry(uid).or_default();
        match newest.get_mut(coid) {
            Some(n) => *n = (*n).max(id),
            None => {
                newest.insert(coid.into(), id);
            }
        }
        self.by_id.insert(id, (uid, coid.into()));
        while self.by_id.len() > CAPACITY {
            let Some((old, (uid, coid))) = self.by_id.pop_first() else {
                break;
            };
            self.floor = self.floor.max(old);
            if let Some(of_uid) = self.newest.get_mut(&uid) {
                // The oldest goes first: a newer one with the same client order id stays.
                if of_uid.get(&coid) == Some(&old) {
                    of_uid.remove(&coid);
                }
                if of_uid.is_empty() {
                    self.newest.remove(&uid);
                }
            }
        }
    }

    /// Whether a done order of `uid` with client order id `coid` has an id above `id`; `None`
    /// when the index cannot tell (`id` at or below its floor).
    pub fn done_after(&self, uid: i64, coid: &str, id: i64) -> Option<bool> {
        if id < self.floor {
            return None;
        }
        let newest = self.newest.get(&uid).and_then(|m| m.get(coid));
        Some(newest.is_some_and(|&n| n > id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_answers_above_its_floor_and_only_there() {
        let mut r = RecentDone::new(100);
        assert_eq!(r.done_after(1, "a", 99), None, "done before the start");
        assert_eq!(r.done_after(1, "a", 100), Some(false));
        r.note(90, 1, "a");
        assert_eq!(
            r.done_after(1, "a", 100),
            Some(false),
            "below the floor: the store's"
        );
        r.note(105, 1, "a");
        r.note(107, 2, "a");
        assert_eq!(r.done_after(1, "a", 104), Some(true));
        assert_eq!(r.done_after(1, "a", 105), Some(false));
        assert_eq!(r.done_after(1, "b", 104), Some(false));
        assert_eq!(r.done_after(3, "a", 104), Some(false));
    }

    #[test]
    fn letting_go_raises_the_floor_and_keeps_the_newest() {
        let mut r = RecentDone::new(0);
        r.note(1, 1, "x");
        for id in 2..=(CAPACITY as i64 + 1) {
            r.note(id, 1, "same");
        }
        // Order 1 was let go: below the new floor the index does not answer.
        assert_eq!(r.done_after(1, "x", 0), None);
        assert_eq!(r.done_after(1, "x", 1), Some(false));
        let last = CAPACITY as i64 + 1;
        assert_eq!(r.done_after(1, "same", last - 1), Some(true));
        // The oldest "same" went; the newest stays.
        for id in last + 1..=last + 3 {
            r.note(id, 1, "other");
        }
        assert_eq!(r.done_after(1, "same", last - 1), Some(true));
        assert_eq!(r.done_after(1, "same", last), Some(false));
        assert!(r.by_id.len() <= CAPACITY);
    }
}
