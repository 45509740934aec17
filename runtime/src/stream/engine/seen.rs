//! The frames recently seen, to drop the copies a second connection delivers during a rotation.

use std::collections::{HashMap, VecDeque};

/// A bounded window of frame identities and the connection each was first seen on.
///
/// A frame is a duplicate when the same identity was already seen on *another* connection: a
/// server that repeats a frame on one connection meant to, two connections carrying the same
/// frame is the rotation overlap.
#[derive(Debug)]
pub(crate) struct SeenFrames {
    capacity: usize,
    order: VecDeque<u64>,
    first_seen_on: HashMap<u64, u64>,
}

impl SeenFrames {
    /// A window of `capacity` identities (0 turns dedupe off).
    pub fn new(capacity: usize) -> Self {
        SeenFrames {
            capacity,
            order: VecDeque::with_capacity(capacity.min(4096)),
            first_seen_on: HashMap::with_capacity(capacity.min(4096)),
        }
    }

    /// Records `identity` seen on connection `conn`; true when it is a copy to drop.
    pub fn is_duplicate(&mut self, identity: u64, conn: u64) -> bool {
        if self.capacity == 0 {
            return false;
        }
        if let Some(&first) = self.first_seen_on.get(&identity) {
            return first != conn;
        }
        if self.order.len() >= self.capacity {
            if let Some(old) = self.order.pop_front() {
                self.first_seen_on.remove(&old);
            }
        }
        self.order.push_back(identity);
        self.first_seen_on.insert(identity, conn);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_from_another_connection_are_dropped() {
        let mut s = SeenFrames::new(3);
        assert!(!s.is_duplicate(1, 10));
        assert!(
            s.is_duplicate(1, 11),
            "the same frame on the new connection"
        );
        assert!(
            !s.is_duplicate(1, 10),
            "repeated on its own connection: kept"
        );
        assert!(!s.is_duplicate(2, 11));
        assert!(!s.is_duplicate(3, 11));
        assert!(!s.is_duplicate(4, 11));
        assert!(!s.is_duplicate(1, 11), "evicted from the bounded window");
        let mut off = SeenFrames::new(0);
        assert!(!off.is_duplicate(1, 1));
        assert!(!off.is_duplicate(1, 2));
    }
}
