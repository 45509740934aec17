//! A paper venue that survives a crash. Runs a journaled simulator (a state directory) as a child
//! process, trades on it with two accounts (one created at runtime through `POST /__sim/accounts`),
//! leaves a resting order and an armed stop, kills the process with SIGKILL and starts it again
//! on the same directory: the accounts, the orders in their place, the stop and the balances are
//! back to the last digit. Then a trade after the restart fills the resting order and fires the
//! stop, and the session's report is read from the venue's store. Exits 0 only if all of it held.
//!
//! `cargo run --example paper_venue` (a temporary state directory), or `-- DIR` to keep the venue
//! in a new directory afterwards (`contango-sim --state DIR` serves it again; `sqlite3` reads it).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use contango::conditional::Trigger;
use contango::{Client, Credentials, NewOrder, Open, OrderStatus, OrderType, PositionType, Side};
use contango_research::report::{Account, Report};
use contango_sim::{Sim, SimConfig};
use rust_decimal::Decimal;
use rust_decimal_macros::dec;

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const BTC: &str = "E-BTC-USDT";
/// The child's first line: where it serves.
const LISTENING: &str = "venue listening at ";

#[tokio::main]
async fn main() -> Result {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [flag, dir] if flag == "--venue" => venue(Path::new(dir)).await,
        [dir] if Path::new(dir).join("venue.sqlite").exists() => {
            Err(format!("{dir} already holds a venue: give a new directory").into())
        }
        [dir] => trader(PathBuf::from(dir), false).await,
        [] => {
            let dir = std::env::temp_dir().join(format!("contango-paper-{}", std::process::id()));
            let result = trader(dir.clone(), true).await;
            let _ = std::fs::remove_dir_all(&dir);
            result
        }
        _ => Err("usage: paper_venue [DIR]".into()),
    }
}

/// The child: the venue itself, until its stdin closes (or it is killed).
async fn venue(dir: &Path) -> Result {
    let sim = Sim::builder().state_dir(dir).start().await?;
    println!("{LISTENING}{}", sim.rest_url());
    if let Some(state) = sim.state() {
        match state.fresh {
            true => println!("first start: {}", state.file.display()),
            false => println!(
                "restored {}: {} inputs replayed after the latest snapshot",
                state.file.display(),
                state.replayed
            ),
        }
    }
    // The parent closes stdin to stop the venue gracefully (a last snapshot).
    tokio::task::spawn_blocking(|| std::io::copy(&mut std::io::stdin(), &mut std::io::sink()))
        .await??;
    sim.shutdown().await;
    Ok(())
}

/// A running venue process: its REST URL, and its stdin (dropped: a graceful stop).
struct Venue {
    child: Child,
    stdin: Option<ChildStdin>,
    url: String,
}

impl Venue {
    /// Starts `paper_venue --venue DIR` and waits for its address (10 s at most).
    fn start(dir: &Path) -> Result<Venue> {
        let mut child = Command::new(std::env::current_exe()?)
            .arg("--venue")
            .arg(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
                println!("  [venue] {line}");
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let line = rx.recv_timeout(Duration::from_secs(10))?;
        let url = line
            .strip_prefix(LISTENING)
            .ok_or_else(|| format!("unexpected first line `{line}`"))?
            .to_owned();
        // The state line, printed before the parent goes on.
        let _ = rx.recv_timeout(Duration::from_secs(10));
        Ok(Venue { child, stdin, url })
    }

    /// SIGKILL: no shutdown, no last snapshot; whatever was answered must come back.
    fn kill(mut self) -> Result {
        self.child.kill()?;
        self.child.wait()?;
        Ok(())
    }

    /// Closes its stdin and waits for it to take its last snapshot and exit.
    fn stop(mut self) -> Result {
        drop(self.stdin.take());
        let status = self.child.wait()?;
        if !status.success() {
            return Err(format!("the venue exited with {status}").into());
        }
        Ok(())
    }
}

/// What the trader's account looks like from outside, to compare before and after a crash.
#[derive(Debug, PartialEq)]
struct Seen {
    account: String,
    open_orders: String,
    stop: String,
}

async fn seen(client: &Client, stop: i64) -> Result<Seen> {
    Ok(Seen {
        account: format!("{:?}", client.account().send().await?),
        open_orders: format!("{:?}", client.open_orders(BTC).send().await?),
        stop: format!(
            "{:?}",
            client
                .query_order(BTC)
                .order_id(stop)
                .condition_order(true)
                .send()
                .await?
        ),
    })
}

async fn trader(dir: PathBuf, temporary: bool) -> Result {
    println!("state directory {}", dir.display());
    let config = SimConfig::default();
    let me = Credentials::new(&config.user.api_key, &config.user.secret);

    let venue = Venue::start(&dir)?;
    let client = connect(&venue.url, me.clone())?;
    // A second account, created at runtime: it must survive the crash too.
    let second = new_account(&venue.url).await?;

    // A long of 1 at market with a stop loss at 29998 on the last trade, and a bid of 2 at
    // 29995, inside the seeded book's spread (29990 / 30010): it rests as the best bid.
    let entry = client
        .new_order(order(Side::Buy, OrderType::Market, dec!(1), dec!(30010)))
        .stop_loss(Trigger::last(dec!(29998)))
        .send()
        .await?
        .order_id;
    let stop = attached(&client, entry).await?;
    let bid = client
        .new_order(order(Side::Buy, OrderType::Limit, dec!(2), dec!(29995)))
        .send()
        .await?
        .order_id;
    println!(
        "long 1 (order {entry}) with stop {stop} at 29998; bid 2 @ 29995 resting (order {bid})"
    );
    let before = seen(&client, stop).await?;

    println!("SIGKILL");
    venue.kill()?;
    let venue = Venue::start(&dir)?;
    let client = connect(&venue.url, me)?;
    let other = connect(&venue.url, second)?;
    let after = seen(&client, stop).await?;
    let same = before == after;
    println!(
        "after the restart: account, open orders and stop {}",
        if same {
            "exactly as before"
        } else {
            "DIFFERENT"
        }
    );
    if !same {
        println!("before: {before:#?}\nafter:  {after:#?}");
    }

    // The second account (created at runtime, before the crash) sells 2 at 29995: it meets the
    // resting bid, the trade prints at 29995, below the stop, which fires and sells the long.
    other
        .new_order(order(Side::Sell, OrderType::Limit, dec!(2), dec!(29995)))
        .send()
        .await?;
    let filled = status(&client, bid, false).await? == Some(OrderStatus::Filled);
    let fired = status(&client, stop, true).await? == Some(OrderStatus::Filled);
    println!("bid filled after the restart: {filled}; stop fired: {fired}");

    venue.stop()?;
    // The session's report, from the store's read tables (as `contango-sim report --state DIR`).
    let reader = contango_sim::store::Reader::open(&dir)?;
    let report = Report::from_store(&reader, &Account::Funded)?;
    print!("{report}");
    for f in &report.fills {
        println!(
            "  fill: order {} {} {} @ {} fee {} ({})",
            f.order_id, f.side, f.volume, f.price, f.fee, f.rule
        );
    }
    if !temporary {
        println!("the venue is kept in {}", dir.display());
    }
    if same && filled && fired {
        println!("ok: the venue came back exactly after SIGKILL and kept trading");
        Ok(())
    } else {
        Err("the venue did not come back as it was".into())
    }
}

fn connect(url: &str, credentials: Credentials) -> Result<Client> {
    Ok(Client::builder()
        .base_url(url)
        .credentials(credentials)
        .build()?)
}

/// `POST /__sim/accounts` (open on loopback): a funded account with fresh keys. Its secret is
/// kept in memory, never printed.
async fn new_account(url: &str) -> Result<Credentials> {
    let body = reqwest::Client::new()
        .post(format!("{url}/__sim/accounts"))
        .body(r#"{"contract": {"USDT": "100000"}}"#)
        .send()
        .await?
        .error_for_status()?
        .text()
        .await?;
    let answer = serde_json::from_str::<serde_json::Value>(&body)?["data"].take();
    let field = |name: &str| {
        answer[name]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("no {name} in the answer"))
    };
    println!("second account: uid {}", answer["uid"]);
    Ok(Credentials::new(field("apiKey")?, field("secretKey")?))
}

fn order(side: Side, order_type: OrderType, volume: Decimal, price: Decimal) -> NewOrder {
    NewOrder {
        contract_name: BTC.into(),
        side,
        order_type,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume,
        amount: Decimal::ZERO,
        price,
    }
}

/// The stop attached to `entry`.
async fn attached(client: &Client, entry: i64) -> Result<i64> {
    client
        .query_order(BTC)
        .order_id(entry)
        .send()
        .await?
        .into_iter()
        .flat_map(|o| o.child_orders.unwrap_or_default())
        .map(|o| o.order_id)
        .next()
        .ok_or_else(|| "no stop attached".into())
}

async fn status(client: &Client, id: i64, conditional: bool) -> Result<Option<OrderStatus>> {
    Ok(client
        .query_order(BTC)
        .order_id(id)
        .condition_order(conditional)
        .send()
        .await?
        .into_iter()
        .find(|o| o.order_id == id)
        .and_then(|o| o.status))
}
