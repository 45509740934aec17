//! Where and how a journaled venue keeps its state (`SimConfig::state_dir`, `contango-sim
//! --state DIR`; the `journal` feature does it: [`crate::journal`]).

use std::path::PathBuf;
use std::time::Duration;

/// Inputs between two snapshots, by default: a start replays at most this many.
pub const SNAPSHOT_EVERY: u64 = 10_000;

/// When a commit is durable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// In the write-ahead log when the commit returns (`synchronous=NORMAL`): a killed process
    /// loses nothing; a power cut may lose the last commits.
    #[default]
    Process,
    /// Synced to the disk before the commit returns (`synchronous=FULL`): also survives a power
    /// cut (which no test here can prove).
    PowerLoss,
}

/// What of the journal a store keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JournalKept {
    /// The inputs from the older of the two snapshots kept on: what a start and `--check` need.
    /// What came before is removed at each snapshot.
    #[default]
    Compacted,
    /// Every input since the first start (`--keep-journal`): the whole session can be replayed.
    Everything,
}

/// A state directory and how it is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateConfig {
    /// The state directory (`DIR/venue.sqlite`).
    pub dir: PathBuf,
    /// When a commit is durable.
    pub durability: Durability,
    /// Inputs between two snapshots ([`SNAPSHOT_EVERY`]).
    pub snapshot_every: u64,
    /// What of the journal is kept ([`JournalKept::Compacted`] by default).
    pub journal: JournalKept,
    /// How long the read tables keep a row, in exchange time (`None`, the default: for ever).
    /// Live orders, accounts and starts are kept whatever their age.
    pub keep: Option<Duration>,
    /// Funded accounts to create at the first start, their keys written to
    /// `DIR/accounts.json` (readable by its owner only).
    pub accounts: usize,
}

impl StateConfig {
    /// A state directory with the defaults.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        StateConfig {
            dir: dir.into(),
            durability: Durability::Process,
            snapshot_every: SNAPSHOT_EVERY,
            journal: JournalKept::Compacted,
            keep: None,
            accounts: 0,
        }
    }
}
