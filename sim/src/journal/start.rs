//! Opening a state directory: the first start builds the exchange from the configuration and
//! writes it as the first snapshot; a restart loads the latest snapshot and replays the inputs
//! after it. Either records itself in the store's `starts`, with the latency model it runs
//! with. What the store refuses (a corrupt or foreign file, a newer schema, a gap in the
//! journal, a snapshot that fails its checksum, an input that does not decode) stops the start
//! with the file, the record and the reason; the file is left as it was.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::Journal;
use super::committer::{Committer, Retention};

use super::encoding::{RECORDED, decode_input, decode_reference, decode_state, encode_state};
use super::rows::RowMaker;
use crate::config::SimConfig;
use crate::config::state::{Durability, StateConfig};
use crate::exchange::Exchange;
use crate::exchange::input::{Admin, Input};
use crate::feeds::cache::{MarketEvents, Played};
use crate::history::History;
use crate::store::{Recovered, Row, Snapshot, Store, StoreHistory, SyncMode};
use crate::venue::clock::{Clock, wall_ms};
use crate::venue::subscriber::Subscribers;
use crate::venue::{Core, Venue};

/// The file the first start writes the created accounts' keys to (mode 0600).
pub const ACCOUNTS_FILE: &str = "accounts.json";

/// A state directory opened: the core as it was, and what starts its journal.
#[derive(Debug)]
pub struct Opened {
    /// The exchange, as the journal brought it back (or as the configuration describes it).
    pub exchange: Exchange,
    /// The history, in the store.
    pub history: Box<dyn History>,
    /// The last input it includes.
    pub seq: u64,
    /// Whether this was the first start.
    pub fresh: bool,
    /// Inputs replayed after the snapshot.
    pub replayed: usize,
    /// Accounts to create now (the first start's `--accounts N`): their inputs, and the file
    /// their keys go to.
    pub accounts: Vec<Input>,
    /// The journal, to start with the venue's subscribers.
    pub journal: Pending,
}

impl Opened {
    /// The venue this state brings back, `config` its configuration and `clock` its clock, its
    /// journal started and publishing to the venue's subscribers; the accounts to create next.
    pub fn into_venue(self, config: SimConfig, clock: Clock) -> (Arc<Venue>, Vec<Input>) {
        let subscribers = Subscribers::default();
        let journal = self.journal.start(subscribers.clone());
        let core = Core {
            exchange: self.exchange,
            history: self.history,
            seq: self.seq,
        };
        let venue = Venue::journaled(config, core, clock, subscribers, Box::new(journal));
        (venue, self.accounts)
    }
}

/// A journal ready to start.
#[derive(Debug)]
pub struct Pending {
    store: Store,
    seq: u64,
    /// Exchange time of the state it starts from.
    time_ms: i64,
    config: StateConfig,
    rows: RowMaker,
    /// The last input whose read-table rows are in the store (the history reads up to it).
    rows_written: Arc<std::sync::atomic::AtomicU64>,
}

impl Pending {
    /// Starts the committer; what it commits is published to `publish`.
    pub fn start(self, publish: Subscribers) -> Journal {
        let committer = Committer::start(
            self.store,
            self.seq,
            self.rows_written,
            publish,
            Retention {
                journal: self.config.journal,
                keep: self.config.keep,
            },
            self.time_ms,
        );
        Journal::new(committer, self.config.snapshot_every, self.rows)
    }
}

/// Opens `state`: the first start, or a restart (module docs). The clock moves on to at least
/// the last input's time.
pub fn open(config: &SimConfig, state: &StateConfig, clock: &Clock) -> Result<Opened, String> {
    let sync = match state.durability {
        Durability::Process => SyncMode::Normal,
        Durability::PowerLoss => SyncMode::Full,
    };
    let (mut store, recovered) = Store::open(&state.dir, sync).map_err(|e| e.to_string())?;
    let file = store.file().to_path_buf();
    let fresh = recovered.fresh;
    let (exchange, seq, replayed, accounts) = if fresh {
        let (ex, start) = Exchange::new(config, clock.now())?;
        // What the start made (its accounts) is the state before any input: seq 0.
        let genesis = RowMaker::new(ex.now()).after(&ex, 0, &start);
        store
            .snapshot(0, ex.now(), &encode_state(&ex))
            .and_then(|()| store.write_rows(&genesis))
            .map_err(|e| e.to_string())?;
        let accounts = new_accounts(state, config, clock.now())?;
        (ex, 0, 0, accounts)
    } else {
        let (ex, seq, replayed, rows) = restore(&file, recovered)?;
        // The read tables are written after the journal: what a crash left unwritten.
        store.write_rows(&rows).map_err(|e| e.to_string())?;
        (ex, seq, replayed, Vec::new())
    };
    let rows_written = Arc::new(std::sync::atomic::AtomicU64::new(seq));
    let exchange = exchange.with_order_changes();
    let time_ms = exchange.now();
    clock.not_before(exchange.now());
    // The latency model is a server setting, not an input: the store records it with each
    // start, so that a report names the model every stretch of the journal ran under.
    let latency = config.latency.as_ref().map(ToString::to_string);
    store
        .record_start(clock.now(), wall_ms(), latency.as_deref())
        .map_err(|e| e.to_string())?;
    let reader = store.reader().map_err(|e| e.to_string())?;
    let history: Box<dyn History> = Box::new(StoreHistory::new(reader, rows_written.clone()));
    let rows = RowMaker::new(exchange.now());
    Ok(Opened {
        exchange,
        history,
        seq,
        fresh,
        replayed,
        accounts,
        journal: Pending {
            store,
            seq,
            time_ms,
            config: state.clone(),
            rows,
            rows_written,
        },
    })
}

/// The state after the latest snapshot and the inputs after it; the last seq, how many inputs
/// were replayed, and their read-table rows (made again as the venue made them: the rows of the
/// inputs up to the snapshot are in the store, those after it may not be).
fn restore(file: &Path, recovered: Recovered) -> Result<(Exchange, u64, usize, Vec<Row>), String> {
    restore_checking(file, recovered, None)
}

/// [`restore`], checking on the way that the state after input `expect.seq` is the snapshot
/// `expect` byte for byte: the journal between two snapshots replays to the later one.
fn restore_checking(
    file: &Path,
    recovered: Recovered,
    expect: Option<&Snapshot>,
) -> Result<(Exchange, u64, usize, Vec<Row>), String> {
    let snapshot = recovered.snapshot.ok_or_else(|| {
        format!(
            "{}: snapshots: none, and the journal cannot be replayed without the first state",
            file.display()
        )
    })?;
    let mut ex = decode_state(&snapshot.state)
        .map_err(|e| format!("{}: snapshot seq {}: {e}", file.display(), snapshot.seq))?
        .with_order_changes();
    let mut seq = snapshot.seq;
    let mut recordings = Recordings::default();
    let mut maker = RowMaker::new(ex.now());
    let mut rows = Vec::new();
    for j in &recovered.inputs {
        let at = |e: String| format!("{}: journal seq {}: {e}", file.display(), j.seq);
        seq = j.seq;
        let input = if j.kind == RECORDED {
            recordings.input(&ex, &j.input).map_err(at)?
        } else {
            Some(decode_input(&j.input).map_err(|e| at(e.to_string()))?)
        };
        // A recorded frame that says nothing of a source contract changes nothing.
        if let Some(input) = input {
            rows.extend(maker.before(&ex, j.seq, j.time_ms));
            let (_, effects) = ex.apply(input);
            rows.extend(maker.after(&ex, j.seq, &effects.records));
        }
        if let Some(s) = expect.filter(|s| s.seq == j.seq) {
            if encode_state(&ex) != s.state {
                return Err(format!(
                    "{}: snapshot seq {}: the journal replayed from the snapshot at seq {} does \
                     not give this state",
                    file.display(),
                    s.seq,
                    snapshot.seq
                ));
            }
        }
    }
    Ok((ex, seq, recovered.inputs.len(), rows))
}

/// The recordings a journal's references point into, each streamed from its decoded cache:
/// the references come in the order the source applied them, so each is found by reading on.
#[derive(Default)]
struct Recordings {
    files: std::collections::BTreeMap<String, Reading>,
}

/// A recording's events being read: the stream, and the event read past the last one asked for.
struct Reading {
    events: MarketEvents,
    ahead: Option<Played>,
}

impl Recordings {
    /// The market input a reference stands for, read again from its recording (`None`: the
    /// event says nothing of a source contract, as when it was first applied).
    fn input(&mut self, ex: &Exchange, bytes: &[u8]) -> Result<Option<Input>, String> {
        let r = decode_reference(bytes).map_err(|e| e.to_string())?;
        let behind = self
            .files
            .get(&r.file)
            .and_then(|f| f.ahead.as_ref())
            .is_some_and(|p| p.entry > r.entry);
        if behind || !self.files.contains_key(&r.file) {
            let events = MarketEvents::open(&r.file)
                .map_err(|e| format!("the recording {} it refers to: {e}", r.file))?;
            self.files.insert(
                r.file.clone(),
                Reading {
                    events,
                    ahead: None,
                },
            );
        }
        let gone = || {
            format!(
                "the recording {} has no market event at entry {}: it changed since",
                r.file, r.entry
            )
        };
        let reading = self.files.get_mut(&r.file).ok_or_else(gone)?;
        let played = loop {
            let p = match reading.ahead.take() {
                Some(p) => p,
                None => match reading.events.next() {
                    Some(p) => p.map_err(|e| e.to_string())?,
                    None => return Err(gone()),
                },
            };
            if p.entry == r.entry {
                break p;
            }
            if p.entry > r.entry {
                reading.ahead = Some(p);
                return Err(gone());
            }
        };
        Ok(ex.source_update(played.event).map(|update| Input::Market {
            time: r.time,
            update,
            entry: Some(r.entry),
        }))
    }
}

/// The first start's `accounts` funded accounts (the funded account's balances): their inputs,
/// and their keys written to `DIR/accounts.json`, readable by its owner only.
fn new_accounts(state: &StateConfig, config: &SimConfig, now: i64) -> Result<Vec<Input>, String> {
    if state.accounts == 0 {
        return Ok(Vec::new());
    }
    let mut inputs = Vec::new();
    let mut listed = Vec::new();
    for _ in 0..state.accounts {
        let key = crate::keys::fresh("sim");
        listed.push(serde_json::json!({"apiKey": key.key, "secretKey": key.secret()}));
        inputs.push(Input::Admin {
            time: now,
            action: Admin::AddAccount {
                key,
                contract: config.user.contract_balances.clone(),
                wallet: config.user.wallet_balances.clone(),
            },
        });
    }
    write_private(
        &state.dir.join(ACCOUNTS_FILE),
        &serde_json::to_string_pretty(&listed).map_err(|e| e.to_string())?,
    )?;
    Ok(inputs)
}

/// Writes `text` to a new file only its owner can read.
fn write_private(path: &Path, text: &str) -> Result<(), String> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut f = options
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The accounts file of a state directory.
pub fn accounts_file(dir: &Path) -> PathBuf {
    dir.join(ACCOUNTS_FILE)
}

/// `--check`: every check of the store ([`Store::verify`]: every snapshot's checksum, the whole
/// journal's continuity, SQLite's integrity check), then the state brought back as a start would
/// (the latest snapshot and the journal after it, each input decoded and applied), changing
/// nothing. What it found, as text; `Err` when something is wrong.
pub fn check(dir: &Path) -> Result<String, String> {
    let report = Store::verify(dir).map_err(|e| e.to_string())?;
    let mut text = report.to_string();
    if !report.is_sound() {
        return Err(text);
    }
    let (store, recovered) = Store::open(dir, SyncMode::Normal).map_err(|e| e.to_string())?;
    if recovered.fresh {
        text.push_str("state: empty (nothing was ever committed)\n");
        return Ok(text);
    }
    let file = store.file().to_path_buf();
    let seqs = store.snapshot_seqs().map_err(|e| e.to_string())?;
    let latest = recovered.snapshot.clone();
    // From the oldest snapshot kept, through the latest (whose state the replay must give),
    // to the journal's end.
    let (from, recovered) = match (seqs.first(), &latest) {
        (Some(&oldest), Some(l)) if oldest < l.seq => (
            oldest,
            store.recover_from(oldest).map_err(|e| e.to_string())?,
        ),
        _ => (latest.as_ref().map_or(0, |l| l.seq), recovered),
    };
    let expect = latest.as_ref().filter(|l| l.seq > from);
    let (ex, seq, replayed, _) = restore_checking(&file, recovered, expect)?;
    let _ = store.close();
    let through = match expect {
        Some(l) => format!(
            ", through the snapshot at seq {} (its state given exactly)",
            l.seq
        ),
        None => String::new(),
    };
    let span = if seq > from {
        format!("inputs {}..={seq}", from + 1)
    } else {
        "no input after it".to_owned()
    };
    text.push_str(&format!(
        "proved: {span}, replayed from the snapshot at seq {from}{through}\n\
         state: {} accounts, {} live orders, {replayed} inputs replayed, up to seq {seq}\n",
        ex.accounts().len(),
        ex.orders().len(),
    ));
    Ok(text)
}
