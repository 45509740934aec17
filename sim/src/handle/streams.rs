//! What a test does to the simulator's stream connections through [`Sim`]: closes, silences and
//! delays them, counts them, and sends them frames of its own; the listen keys behind them.

use std::time::Duration;

use crate::Sim;
use crate::exchange::input::Input;
use crate::exchange::listen_keys::ListenKeyStats;
use crate::server::control::Control;
use crate::venue::lock;

impl Sim {
    /// Closes every stream connection.
    pub fn close_streams(&self) {
        Control(&self.server).close_streams();
    }

    /// Private-stream connections (and those opened meanwhile) send and read nothing for `d`,
    /// WebSocket pongs included, and stay open; what fell due is sent when the silence ends. A
    /// client that notices the silence drops the connection, and the events queued on it are lost.
    pub fn silence_streams(&self, d: Duration) {
        Control(&self.server).silence_streams(d);
    }

    /// Every private-stream event published from now on leaves `d` later (in order);
    /// `Duration::ZERO` ends the delay.
    pub fn delay_stream_frames(&self, d: Duration) {
        lock(&self.server.hubs.user).set_delay(d);
    }

    /// Number of open stream connections.
    pub fn stream_connections(&self) -> usize {
        lock(&self.server.hubs.user).len()
    }

    /// Number of stream connections accepted since the start (a rotating client opens one per
    /// rotation).
    pub fn stream_connections_opened(&self) -> u64 {
        lock(&self.server.hubs.user).opened()
    }

    /// Closes every market-stream connection (code 1001).
    pub fn close_market_streams(&self) {
        Control(&self.server).close_market_streams();
    }

    /// Market-stream connections (and those opened meanwhile) send nothing for `d`, pings
    /// included, and stay open; what fell due is sent when the silence ends.
    pub fn silence_market_streams(&self, d: Duration) {
        Control(&self.server).silence_market_streams(d);
    }

    /// Every market-stream frame built from now on leaves `d` later (so its `ts` lags the
    /// receive time); `Duration::ZERO` ends the delay.
    pub fn delay_market_frames(&self, d: Duration) {
        lock(&self.server.hubs.market).set_delay(d);
    }

    /// Open market-stream connections.
    pub fn market_connections(&self) -> usize {
        lock(&self.server.hubs.market).len()
    }

    /// Market-stream connections accepted since the start.
    pub fn market_connections_opened(&self) -> u64 {
        lock(&self.server.hubs.market).opened()
    }

    /// Live subscriptions over every market-stream connection.
    pub fn market_subscriptions(&self) -> usize {
        lock(&self.server.hubs.market).subscriptions()
    }

    /// How many listen keys were created, kept alive, closed (DELETE) and expired so far.
    pub fn listen_key_stats(&self) -> ListenKeyStats {
        self.venue().read().exchange.listen_keys().stats()
    }

    /// Whether `key` is an active listen key at the exchange clock's now (expired keys are
    /// swept first, closing their streams).
    pub fn listen_key_active(&self, key: &str) -> bool {
        let venue = self.venue();
        let time = venue.clock.now();
        let _ = venue.submit(Input::Tick { time });
        venue.read().exchange.listen_keys().owner(key, time).is_ok()
    }

    /// Sends `text` as a data frame to every subscribed stream connection of account `uid`,
    /// exactly as given (gzip-compressed with `gzip_frames`; in drift mode changed as every
    /// event is): malformed or unknown events for testing a client.
    pub fn send_stream_frame(&self, uid: i64, text: &str) {
        lock(&self.server.hubs.user).send(uid, text);
    }
}
