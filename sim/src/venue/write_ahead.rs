//! Where a venue journals its inputs before anything they caused is shown: the trait the
//! journal (`journal/`) implements, so the venue orders journal, apply and publish without
//! knowing how inputs are stored.

use std::fmt;

use super::progress::Progress;
use crate::error::SimResult;
use crate::exchange::Exchange;
use crate::exchange::effects::Effects;
use crate::exchange::input::{FrameRef, Input};
use crate::exchange::records::Record;

/// A write-ahead journal. The venue calls [`WriteAhead::before`] and [`WriteAhead::after`]
/// around each input it applies, under its lock, then [`WriteAhead::drive`] once the lock is
/// let go; the journal publishes to the venue's subscribers once the input is committed, and
/// moves its [`Progress`] on.
pub trait WriteAhead: Send + Sync + fmt::Debug {
    /// Input `seq` is about to be applied to `exchange` (a market frame read from a recording
    /// journaled as its `reference`). Refused, changing nothing, once a commit has failed.
    fn before(
        &self,
        exchange: &Exchange,
        seq: u64,
        input: &Input,
        reference: Option<&FrameRef>,
    ) -> SimResult<()>;

    /// The input `before` was told of, applied: `exchange` after it, the records and the
    /// effects it caused. Queues it to be committed, then published.
    fn after(&self, exchange: &Exchange, seq: u64, records: &[Record], effects: Effects);

    /// Commits what was queued, on this thread (unless another thread is committing: it takes
    /// these inputs too).
    fn drive(&self);

    /// How far the commits got.
    fn progress(&self) -> &Progress;

    /// Makes the next commit fail as a full disk's would (tests of the refusal).
    fn fail_next_commit(&self);

    /// A last snapshot of `exchange` after input `seq`, then the journal closes.
    fn close(&self, exchange: &Exchange, seq: u64);
}
