//! An operation, then what it caused, in that order.
//!
//! Every change that can fill an order, move a price or close a position runs through
//! [`State::operate`] (transfers and margin changes publish directly): the operation collects
//! its effects (order updates, touched balances and positions, prices that moved, positions it
//! closed) and they are published to the streams at its end. Then its consequences run, each
//! published on its own, in order, until none is left:
//! 1. the conditional orders of positions it closed are cancelled;
//! 2. each trigger that the new prices reach fires (the oldest order first), as an operation of
//!    its own whose trades may move the price and close positions in turn.
//!
//! Each trigger fires at most once (it leaves the index when it fires or is cancelled), so the
//! chain ends. A client thus sees an operation's events before those of the triggers it caused,
//! and every trigger's before the next one's.

use std::collections::BTreeSet;

use crate::error::SimResult;
use crate::events::Effects;
use crate::state::State;

/// What an operation's published effects still ask for.
#[derive(Debug, Default)]
pub struct FollowUp {
    /// Contracts whose last or mark price moved, or where a trigger was armed.
    pub moved: BTreeSet<String>,
    /// Positions closed: `(uid, position id)`.
    pub closed: Vec<(i64, i64)>,
}

impl FollowUp {
    fn absorb(&mut self, other: FollowUp) {
        self.moved.extend(other.moved);
        self.closed.extend(other.closed);
    }
}

impl State {
    /// Runs one operation: `f` changes the state and records its effects, which are published;
    /// then the conditional orders it orphaned are cancelled and the triggers it reached fire
    /// (module docs). A refused operation that changed nothing publishes nothing.
    pub(crate) fn operate<T>(
        &mut self,
        reason: &'static str,
        now: i64,
        f: impl FnOnce(&mut State, &mut Effects) -> SimResult<T>,
    ) -> SimResult<T> {
        let mut fx = Effects::new(reason);
        let out = f(self, &mut fx);
        if out.is_err() && fx.is_empty() {
            return out;
        }
        let mut next = self.publish(fx, now);
        self.follow_up(&mut next, now);
        out
    }

    fn follow_up(&mut self, pending: &mut FollowUp, now: i64) {
        loop {
            let mut fx = Effects::new("ORDER");
            let step = if !pending.closed.is_empty() {
                std::mem::take(&mut pending.closed)
                    .into_iter()
                    .try_for_each(|(uid, pid)| self.cancel_orphans(uid, pid, now, &mut fx))
            } else if let Some(id) = self.next_crossed(pending) {
                self.fire(id, now, &mut fx)
            } else {
                return;
            };
            if let Err(e) = step {
                tracing::warn!(error = %e, "simulator: a conditional order's consequence failed");
            }
            pending.absorb(self.publish(fx, now));
        }
    }

    /// The oldest crossed trigger of the first moved contract that has one; contracts where
    /// none is crossed are done with.
    fn next_crossed(&self, pending: &mut FollowUp) -> Option<i64> {
        while let Some(symbol) = pending.moved.first() {
            if let Some(id) = self.crossed_trigger(symbol) {
                return Some(id);
            }
            pending.moved.pop_first();
        }
        None
    }
}
