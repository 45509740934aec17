//! The stream's supervisor: one task that owns the connections (the active one, a candidate
//! being opened, old ones being closed), the session's upkeep schedule (listen-key keep-alive),
//! reconnects, rotation, dedupe, the snapshot hook and the output queue. Connections and REST
//! calls run in their own tasks and report here. Generic over [`Session`]: the same engine runs
//! the private stream and every connection of the market stream.

use std::sync::Arc;
use std::time::Duration;

use futures_core::future::BoxFuture;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::{Instant, sleep_until, timeout_at};

use super::config::Settings;
use super::connection::{self, ConnReport, EndReason, Launch};
use super::item::{ConnectError, Gap, GapReason, StreamError, StreamItem};
use super::seen::SeenFrames;
use super::session::{Session, Upkeep};
use crate::error::Error;
use crate::http::client::Core;

mod output;

/// A REST resync after a gap: given the client core, returns the snapshot (for example open
/// orders and the account), or what went wrong in words. The supervisor runs it after every gap
/// (and, if asked, once the first connection is subscribed) and yields its answer as
/// [`StreamItem::Snapshot`].
pub type SnapshotHook<S> =
    Arc<dyn Fn(Core) -> BoxFuture<'static, Result<S, String>> + Send + Sync + 'static>;

/// Results of the supervisor's side tasks.
pub(crate) enum Task<S> {
    Upkeep(Upkeep),
    Snapshot(Result<S, String>),
}

/// Messages the stream's handle sends the supervisor.
#[derive(Debug)]
pub(crate) enum Command {
    /// Send this text on the active connection, else the one opening (a subscription made after
    /// connecting, a request). Dropped when there is none: the session restores subscriptions on
    /// the next connection.
    Send(String),
}

/// One connection as the supervisor sees it.
struct Conn {
    id: u64,
    close: Option<oneshot::Sender<()>>,
    outbound: mpsc::Sender<String>,
    task: JoinHandle<()>,
    subscribed_at: Option<Instant>,
    /// Server time (ms) of the last report processed from it.
    last_ms: i64,
    /// The same as a local instant, for a recording's gap line.
    last_at: std::time::Instant,
}

impl Conn {
    fn close(&mut self) {
        if let Some(tx) = self.close.take() {
            let _ = tx.send(());
        }
    }
}

/// The stream was blind since `from_ms` (server time; `from` locally), for `reason`.
struct Outage {
    from_ms: i64,
    from: std::time::Instant,
    reason: GapReason,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// What starts a supervisor.
pub(crate) struct Start<A: Session, S> {
    pub settings: Arc<Settings>,
    pub session: Arc<A>,
    pub out: mpsc::Sender<StreamItem<A::Event, S>>,
    pub stop: oneshot::Receiver<()>,
    pub commands: mpsc::Receiver<Command>,
    pub ready: Option<oneshot::Sender<Result<(), ConnectError<A::Code>>>>,
    pub snapshot: Option<SnapshotHook<S>>,
    pub snapshot_on_connect: bool,
}

pub(crate) struct Supervisor<A: Session, S> {
    settings: Arc<Settings>,
    session: Arc<A>,
    out: mpsc::Sender<StreamItem<A::Event, S>>,
    stop: oneshot::Receiver<()>,
    commands: mpsc::Receiver<Command>,
    ready: Option<oneshot::Sender<Result<(), ConnectError<A::Code>>>>,
    snapshot: Option<SnapshotHook<S>>,
    snapshot_on_connect: bool,
    snapshot_task: Option<JoinHandle<()>>,
    conn_tx: mpsc::Sender<ConnReport<A>>,
    conn_rx: mpsc::Receiver<ConnReport<A>>,
    task_tx: mpsc::Sender<Task<S>>,
    task_rx: mpsc::Receiver<Task<S>>,
    next_conn: u64,
    active: Option<Conn>,
    candidate: Option<Conn>,
    draining: Vec<Conn>,
    outage: Option<Outage>,
    /// Consecutive failed connection attempts.
    failures: u32,
    reconnect_at: Option<Instant>,
    /// When the session's upkeep runs next (`None`: it needs none).
    upkeep_at: Option<Instant>,
    upkeep_task: Option<JoinHandle<()>>,
    seen: SeenFrames,
    last_event_ms: Option<i64>,
}

/// Reports a connection may queue before it stops reading its socket.
const CONN_QUEUE: usize = 64;
/// Outbound messages queued for a connection (subscriptions and requests are few).
const OUTBOUND_QUEUE: usize = 256;

impl<A: Session, S: Send + 'static> Supervisor<A, S> {
    pub fn new(start: Start<A, S>) -> Self {
        let (conn_tx, conn_rx) = mpsc::channel(CONN_QUEUE);
        let (task_tx, task_rx) = mpsc::channel(8);
        let settings = start.settings;
        Supervisor {
            upkeep_at: start.session.upkeep_after().map(|d| Instant::now() + d),
            seen: SeenFrames::new(settings.dedupe_window),
            settings,
            session: start.session,
            out: start.out,
            stop: start.stop,
            commands: start.commands,
            ready: start.ready,
            snapshot: start.snapshot,
            snapshot_on_connect: start.snapshot_on_connect,
            snapshot_task: None,
            conn_tx,
            conn_rx,
            task_tx,
            task_rx,
            next_conn: 1,
            active: None,
            candidate: None,
            draining: Vec::new(),
            outage: None,
            failures: 0,
            reconnect_at: None,
            upkeep_task: None,
            last_event_ms: None,
        }
    }

    /// Runs until stopped (the handle asked, or was dropped), then closes everything and releases
    /// the session; returns the release (listen-key DELETE) result.
    pub async fn run(mut self) -> Result<(), Error<A::Code>> {
        self.launch();
        loop {
            let wake = self.next_wake();
            let flow = tokio::select! {
                _ = &mut self.stop => Flow::Stop,
                r = self.conn_rx.recv() => match r {
                    Some(r) => self.on_conn(r).await,
                    None => Flow::Stop,
                },
                t = self.task_rx.recv() => match t {
                    Some(t) => self.on_task(t).await,
                    None => Flow::Stop,
                },
                Some(c) = self.commands.recv() => {
                    self.on_command(c);
                    Flow::Go
                }
                _ = sleep_until(wake) => {
                    self.on_timer();
                    Flow::Go
                }
            };
            if flow == Flow::Stop {
                break;
            }
        }
        self.finish().await
    }

    fn now_ms(&self) -> i64 {
        self.session.core().timestamp_ms()
    }

    fn on_command(&mut self, command: Command) {
        match command {
            Command::Send(text) => {
                // A connection still opening sends it once subscribed (its queue is read then).
                let Some(conn) = self.active.as_ref().or(self.candidate.as_ref()) else {
                    tracing::debug!("contango.stream.send_dropped: no connection");
                    return;
                };
                if conn.outbound.try_send(text).is_err() {
                    tracing::warn!(conn = conn.id, "contango.stream.send_dropped: queue full");
                }
            }
        }
    }

    /// The earliest timer: a reconnect, a rotation, the session's upkeep.
    fn next_wake(&self) -> Instant {
        let mut wake = Instant::now() + Duration::from_secs(3600);
        if self.candidate.is_none() {
            if let Some(at) = self.reconnect_at {
                wake = wake.min(at);
            } else if let Some(at) = self.rotation_due() {
                wake = wake.min(at);
            }
        }
        if let (None, Some(at)) = (&self.upkeep_task, self.upkeep_at) {
            wake = wake.min(at);
        }
        wake
    }

    fn rotation_due(&self) -> Option<Instant> {
        let since = self.active.as_ref()?.subscribed_at?;
        Some(since + self.settings.max_connection_age)
    }

    fn on_timer(&mut self) {
        let now = Instant::now();
        if self.candidate.is_none() {
            if let Some(at) = self.reconnect_at {
                if at <= now {
                    self.reconnect_at = None;
                    self.launch();
                }
            } else if self.rotation_due().is_some_and(|at| at <= now) {
                tracing::info!(
                    conn = self.active.as_ref().map(|c| c.id),
                    "contango.stream.rotating: maximum connection age"
                );
                self.launch();
            }
        }
        if self.upkeep_task.is_none() && self.upkeep_at.is_some_and(|at| at <= now) {
            self.spawn_upkeep();
        }
    }

    /// Opens a candidate connection (first connect, reconnect or rotation).
    fn launch(&mut self) {
        let conn = self.next_conn;
        self.next_conn += 1;
        let (close_tx, close_rx) = oneshot::channel();
        let (outbound_tx, outbound) = mpsc::channel(OUTBOUND_QUEUE);
        let after_failure = self.outage.is_some() || self.failures > 0;
        let task = tokio::spawn(connection::run(Launch {
            conn,
            session: Arc::clone(&self.session),
            after_failure,
            settings: Arc::clone(&self.settings),
            tx: self.conn_tx.clone(),
            close: close_rx,
            outbound,
        }));
        tracing::info!(
            conn,
            after_failure,
            attempt = self.failures + 1,
            "contango.stream.connect"
        );
        self.candidate = Some(Conn {
            id: conn,
            close: Some(close_tx),
            outbound: outbound_tx,
            task,
            subscribed_at: None,
            last_ms: 0,
            last_at: std::time::Instant::now(),
        });
    }

    async fn on_conn(&mut self, report: ConnReport<A>) -> Flow {
        match report {
            ConnReport::Subscribed { conn } => self.on_subscribed(conn).await,
            ConnReport::Frame {
                conn,
                identity,
                event_ms,
                item,
            } => {
                let now_ms = self.now_ms();
                if let Some(c) = self.conn_mut(conn) {
                    c.last_ms = now_ms;
                    c.last_at = std::time::Instant::now();
                }
                if self.seen.is_duplicate(identity, conn) {
                    tracing::trace!(conn, "contango.stream.duplicate_dropped");
                    return Flow::Go;
                }
                match item {
                    Ok(event) => {
                        if event_ms.is_some() {
                            self.last_event_ms = event_ms;
                        }
                        self.emit(StreamItem::Event(event)).await
                    }
                    Err(e) => {
                        tracing::warn!(conn, error = %e, "contango.stream.bad_frame");
                        self.emit(StreamItem::Error(e)).await
                    }
                }
            }
            ConnReport::Ended {
                conn,
                reason,
                last_rx_ms,
                last_rx,
            } => {
                if self.candidate.as_ref().is_some_and(|c| c.id == conn) {
                    self.candidate = None;
                    self.on_candidate_failed(reason).await
                } else if self.active.as_ref().is_some_and(|c| c.id == conn) {
                    let (last_ms, last_at) = self
                        .active
                        .take()
                        .map_or((0, std::time::Instant::now()), |c| (c.last_ms, c.last_at));
                    let from_ms = last_rx_ms.unwrap_or(last_ms);
                    let from = last_rx.unwrap_or(last_at);
                    self.on_active_lost(reason.gap_reason(), from_ms, from)
                        .await
                } else {
                    self.draining.retain(|c| c.id != conn);
                    Flow::Go
                }
            }
        }
    }

    fn conn_mut(&mut self, id: u64) -> Option<&mut Conn> {
        self.active
            .iter_mut()
            .chain(self.candidate.iter_mut())
            .chain(self.draining.iter_mut())
            .find(|c| c.id == id)
    }

    async fn on_subscribed(&mut self, conn: u64) -> Flow {
        if self.candidate.as_ref().is_none_or(|c| c.id != conn) {
            return Flow::Go;
        }
        let Some(mut new) = self.candidate.take() else {
            return Flow::Go;
        };
        let now_ms = self.now_ms();
        let new_at = std::time::Instant::now();
        new.subscribed_at = Some(Instant::now());
        new.last_ms = now_ms;
        new.last_at = new_at;
        self.failures = 0;
        self.reconnect_at = None;
        if let Some(mut old) = self.active.replace(new) {
            // Make-before-break: the new connection is subscribed; close the old one, reading
            // what it still delivers (dedupe drops the copies).
            tracing::info!(old = old.id, new = conn, "contango.stream.rotated");
            old.close();
            self.draining.push(old);
        }
        if let Some(ready) = self.ready.take() {
            tracing::info!(conn, "contango.stream.connected");
            let _ = ready.send(Ok(()));
            if self.snapshot_on_connect {
                self.start_snapshot();
            }
        }
        if let Some(outage) = self.outage.take() {
            let gap = Gap {
                from_ms: outage.from_ms,
                to_ms: now_ms,
                last_event_ms: self.last_event_ms,
                reason: outage.reason,
                channels: self.session.channels(),
            };
            tracing::warn!(
                conn,
                from_ms = gap.from_ms,
                to_ms = gap.to_ms,
                blind_ms = gap.duration().as_millis() as u64,
                reason = %gap.reason,
                "contango.stream.reconnected_after_gap"
            );
            if let Some(recorder) = self.session.core().recorder() {
                recorder.gap(
                    A::KIND,
                    outage.from,
                    new_at,
                    gap.reason.to_string(),
                    gap.channels.clone(),
                );
            }
            self.start_snapshot();
            return self.emit(StreamItem::Gap(gap)).await;
        }
        Flow::Go
    }

    async fn on_candidate_failed(&mut self, failure: EndReason<A::Unprepared>) -> Flow {
        if let Some(ready) = self.ready.take() {
            tracing::warn!(error = %failure, "contango.stream.connect_failed");
            let _ = ready.send(Err(connect_error::<A>(failure)));
            return Flow::Stop;
        }
        self.failures = self.failures.saturating_add(1);
        let delay = self.settings.backoff(self.failures);
        self.reconnect_at = Some(Instant::now() + delay);
        let delay_ms = delay.as_millis() as u64;
        if self.active.is_some() {
            tracing::warn!(attempt = self.failures, delay_ms, error = %failure, "contango.stream.rotation_failed");
            return Flow::Go;
        }
        tracing::warn!(attempt = self.failures, delay_ms, error = %failure, "contango.stream.reconnect_failed");
        self.emit(StreamItem::Error(StreamError::Connect {
            attempt: self.failures,
            message: failure.to_string(),
        }))
        .await
    }

    async fn on_active_lost(
        &mut self,
        reason: GapReason,
        from_ms: i64,
        from: std::time::Instant,
    ) -> Flow {
        if self.outage.is_none() {
            self.outage = Some(Outage {
                from_ms,
                from,
                reason: reason.clone(),
            });
        }
        let delay = self.settings.backoff(self.failures.saturating_add(1));
        let at = Instant::now() + delay;
        self.reconnect_at = Some(self.reconnect_at.map_or(at, |t| t.min(at)));
        tracing::warn!(
            reason = %reason,
            reconnect_in_ms = delay.as_millis() as u64,
            rotating = self.candidate.is_some(),
            "contango.stream.disconnected"
        );
        let at_ms = self.now_ms();
        self.emit(StreamItem::Disconnected { at_ms, reason }).await
    }

    fn spawn_upkeep(&mut self) {
        let session = Arc::clone(&self.session);
        let tx = self.task_tx.clone();
        self.upkeep_task = Some(tokio::spawn(async move {
            let upkeep = session.upkeep().await;
            let _ = tx.send(Task::Upkeep(upkeep)).await;
        }));
    }

    async fn on_task(&mut self, task: Task<S>) -> Flow {
        match task {
            Task::Upkeep(upkeep) => {
                self.upkeep_task = None;
                let next = match upkeep {
                    Upkeep::Next(d) => d,
                    Upkeep::Rotate(d) => {
                        if self.active.is_some() && self.candidate.is_none() {
                            // Make-before-break onto the new credentials.
                            tracing::info!("contango.stream.rotating: new listen key");
                            self.reconnect_at = None;
                            self.launch();
                        }
                        d
                    }
                };
                self.upkeep_at = Some(Instant::now() + next);
                Flow::Go
            }
            Task::Snapshot(result) => {
                self.snapshot_task = None;
                match result {
                    Ok(s) => {
                        tracing::info!("contango.stream.snapshot");
                        self.emit(StreamItem::Snapshot(s)).await
                    }
                    Err(message) => {
                        tracing::warn!(error = %message, "contango.stream.snapshot_failed");
                        self.emit(StreamItem::Error(StreamError::Snapshot(message)))
                            .await
                    }
                }
            }
        }
    }

    /// Takes a snapshot through the hook, if there is one (a newer one supersedes a pending one).
    fn start_snapshot(&mut self) {
        let Some(hook) = self.snapshot.clone() else {
            return;
        };
        if let Some(old) = self.snapshot_task.take() {
            old.abort();
        }
        let core = self.session.core().clone();
        let tx = self.task_tx.clone();
        self.snapshot_task = Some(tokio::spawn(async move {
            let result = hook(core).await;
            let _ = tx.send(Task::Snapshot(result)).await;
        }));
    }

    /// Closes the connections (close handshake, bounded), stops the side tasks, releases the
    /// session (closes the listen key).
    async fn finish(mut self) -> Result<(), Error<A::Code>> {
        for task in [self.snapshot_task.take(), self.upkeep_task.take()]
            .into_iter()
            .flatten()
        {
            task.abort();
        }
        if let Some(c) = self.candidate.take() {
            c.task.abort();
        }
        let mut closing: Vec<Conn> = self
            .active
            .take()
            .into_iter()
            .chain(self.draining.drain(..))
            .collect();
        for c in &mut closing {
            c.close();
        }
        let deadline = Instant::now() + self.settings.close_timeout;
        while !closing.is_empty() {
            match timeout_at(deadline, self.conn_rx.recv()).await {
                Ok(Some(ConnReport::Ended { conn, .. })) => closing.retain(|c| c.id != conn),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => break,
            }
        }
        for c in closing {
            c.task.abort();
        }
        let result = self.session.release().await;
        match &result {
            Ok(()) => tracing::info!("contango.stream.shutdown"),
            Err(e) => {
                tracing::warn!(error = %e, "contango.stream.shutdown: releasing the session failed")
            }
        }
        result
    }
}

/// What `connect` reports when the first connection could not be opened.
fn connect_error<A: Session>(failure: EndReason<A::Unprepared>) -> ConnectError<A::Code> {
    match failure {
        EndReason::Unprepared(e) => A::refused(e),
        EndReason::Connect(m) => ConnectError::WebSocket(m),
        EndReason::Subscribe(m) => ConnectError::Subscribe(m),
        EndReason::AckTimeout(d) => ConnectError::AckTimeout(d),
        EndReason::Local => ConnectError::Stopped,
        other => ConnectError::Subscribe(other.to_string()),
    }
}
