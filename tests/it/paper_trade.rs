//! `examples/paper_trade.rs` against a local market server speaking the exchange's wire format
//! (the simulator's test server, shared with its own suite): the example follows it, joins the
//! bid, is filled by a trade printing through it, offers what filled, and exits 0.

use std::process::Command;
use std::time::Duration;

// One test server for both suites; this one uses only part of it.
#[allow(dead_code)]
#[path = "../../sim/tests/it/market_server.rs"]
mod market_server;

use market_server::MarketServer;

/// The example's binary, built beside this test binary by `cargo test`.
fn example(name: &str) -> std::path::PathBuf {
    let exe = std::env::current_exe().expect("the test binary");
    let debug = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    debug.join("examples").join(name)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_paper_trade_example_trades_on_a_live_market() {
    let market = MarketServer::start().await;
    market.depth(
        vec![("30010", "100"), ("30020", "50")],
        vec![("29990", "100"), ("29980", "60")],
        1,
    );
    let binary = example("paper_trade");
    assert!(
        binary.exists(),
        "{} is built by cargo test",
        binary.display()
    );
    let child = Command::new(&binary)
        .env("CONTANGO_MARKET_WS_URL", market.url())
        .env("CONTANGO_PAPER_SECONDS", "4")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the example runs");
    // Once it has joined the bid at 29990, a trade prints through it; then the book moves on.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    market.trade("SELL", "29980", "150", 2);
    for ts in 3..6 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        market.depth(
            vec![("30010", "100"), ("30020", "50")],
            vec![("29990", "100"), ("29980", "60")],
            ts,
        );
    }
    let out = tokio::task::spawn_blocking(move || child.wait_with_output())
        .await
        .expect("joined")
        .expect("the example's output");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("joined the bid at 29990"), "{stdout}");
    assert!(stdout.contains("BUY 1 @ 29990 (trade_through)"), "{stdout}");
    assert!(stdout.contains("offered at"), "{stdout}");
    market.stop();
}
