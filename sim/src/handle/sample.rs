//! A market recorded from the simulator's own driver ([`Sim::record_market`]): something to
//! backtest, rehearse or replay on a machine without a recording of a real one (the tests, the
//! examples, a first try).

use std::path::Path;
use std::time::Duration;

use contango::{DepthChannel, TradesChannel};

use crate::Sim;
use crate::config::driver::MarketDriver;
use crate::error::{SimError, SimResult};

impl Sim {
    /// Records `length` of the market `driver` makes (its depth and trades, in each of `contracts`)
    /// to `path`, as `contango record` would from the exchange: a simulator runs it for that long.
    pub async fn record_market(
        path: &Path,
        driver: MarketDriver,
        contracts: &[&str],
        length: Duration,
    ) -> SimResult<()> {
        let failed =
            |what: &str, e: &dyn std::fmt::Display| SimError::internal(format!("{what}: {e}"));
        let sim = Sim::builder()
            .market_driver(driver)
            .start()
            .await
            .map_err(|e| failed("the simulator", &e))?;
        let recorded = async {
            let client = contango::Client::builder()
                .base_url(sim.rest_url())
                .market_stream_url(sim.market_ws_url())
                .record_session(path)
                .build()
                .map_err(|e| failed("the client", &e))?;
            let mut stream = client.market_stream();
            for c in contracts {
                stream = stream
                    .subscribe(DepthChannel::new(c, 0))
                    .subscribe(TradesChannel::new(c));
            }
            let mut stream = stream
                .connect()
                .await
                .map_err(|e| failed("the market stream", &e))?;
            let until = tokio::time::Instant::now() + length;
            while tokio::time::timeout_at(until, stream.recv()).await.is_ok() {}
            stream.shutdown().await;
            client
                .flush_recording()
                .await
                .map_err(|e| failed("the recording", &e))
        }
        .await;
        sim.shutdown().await;
        recorded
    }
}
