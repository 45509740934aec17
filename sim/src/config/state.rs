//! Where and how a journaled venue keeps its state (`SimConfig::state_dir`, `contango-sim
//! --state DIR`; the `journal` feature does it: [`crate::journal`]).

use std::path::PathBuf;

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

/// A state directory and how it is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateConfig {
    /// The state directory (`DIR/venue.sqlite`).
    pub dir: PathBuf,
    /// When a commit is durable.
    pub durability: Durability,
    /// Inputs between two snapshots ([`SNAPSHOT_EVERY`]).
    pub snapshot_every: u64,
    /// Drop the journal before each new snapshot (default: keep every input).
    pub prune: bool,
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
            prune: false,
            accounts: 0,
        }
    }
}
