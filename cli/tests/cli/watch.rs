//! `contango watch account` prints the account watcher's state as the same objects `open-orders`
//! and `account` print, a new state line when an order is placed, gap and reconciled lines when
//! the stream drops, and closes its listen key on SIGTERM; with `--sim`, an account the user can
//! trade on. `contango watch book` prints the book's best levels as JSON lines when piped. On a
//! terminal (a pseudo-terminal the test makes) the views draw, take keys and give the terminal
//! back; without one they say what to use instead. Bad arguments are refused before anything is
//! sent.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rust_decimal::Decimal;
use serde_json::Value;

use crate::support::{Harness, decimal, expect_line, finish, new_order, signal, start, wait};

const C: &str = "E-BTC-USDT";

/// A printed line as one JSON object.
fn json_line(line: &str) -> Value {
    let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert!(v.is_object(), "{line}");
    v
}

/// The next line of `out`, within 30 seconds.
fn next_line(out: &Receiver<String>) -> Value {
    let line = out
        .recv_timeout(Duration::from_secs(30))
        .expect("a line within 30 s");
    json_line(&line)
}

/// The first state line listing order `id` among its open orders.
fn state_with_order(out: &Receiver<String>, id: i64) -> Value {
    json_line(&expect_line(out, "a state line with the new order", |l| {
        let v: Value = serde_json::from_str(l).unwrap_or_default();
        v["type"] == "state"
            && v["open_orders"]
                .as_array()
                .is_some_and(|o| o.iter().any(|o| o["orderId"].as_i64() == Some(id)))
    }))
}

/// The account answer's positions, each with its group's `contractName`, and its balance entries
/// without `positionVos`: what a state line holds.
fn positions_and_balances(account: &Value) -> (Value, Value) {
    let entries = account["account"].as_array().cloned().unwrap_or_default();
    let mut positions = Vec::new();
    let mut balances = Vec::new();
    for mut entry in entries {
        for group in entry["positionVos"].as_array().cloned().unwrap_or_default() {
            for mut p in group["positions"].as_array().cloned().unwrap_or_default() {
                p["contractName"] = group["contractName"].clone();
                positions.push(p);
            }
        }
        if let Some(map) = entry.as_object_mut() {
            map.remove("positionVos");
        }
        balances.push(entry);
    }
    (Value::Array(positions), Value::Array(balances))
}

#[test]
fn watch_account_prints_the_state_as_open_orders_and_account_do_then_each_change() {
    let h = Harness::new("watch-account");
    // A resting order and an open position of the watched account, placed through the CLI.
    let resting = h
        .run(&new_order("buy", "limit", "cross", "2", "29000.5", &[]))
        .json()["orderId"]
        .as_i64()
        .expect("an order id");
    h.run(&new_order("buy", "market", "cross", "3", "0", &[]))
        .json();

    let mut cmd = h.contango();
    cmd.args(["watch", "account", "--contract", C]);
    let (child, out, err) = start(cmd);
    let first = next_line(&out);
    assert_eq!(first["type"], "state", "{first}");
    assert!(first["time"].as_i64().is_some_and(|t| t > 0), "{first}");
    expect_line(&err, "started", |l| l.contains("closes the listen key"));

    // The same objects, with the same text, as the one-shot commands print for this account.
    let orders = h.run(&["open-orders", C]).json();
    assert_eq!(first["open_orders"], orders);
    assert!(
        orders
            .as_array()
            .is_some_and(|o| o.iter().any(|o| o["orderId"].as_i64() == Some(resting))),
        "{orders}"
    );
    let (positions, balances) = positions_and_balances(&h.run(&["account"]).json());
    assert_eq!(first["positions"], positions);
    assert_eq!(first["balances"], balances);
    assert_eq!(positions[0]["contractName"], C, "{positions}");
    assert_eq!(
        decimal(&positions[0]["volume"]),
        Decimal::from(3),
        "{positions}"
    );

    // An order placed elsewhere (the CLI again) shows in the next state line, as open-orders
    // lists it.
    let placed = h
        .run(&new_order("sell", "limit", "cross", "1", "31000", &[]))
        .json()["orderId"]
        .as_i64()
        .expect("an order id");
    let state = state_with_order(&out, placed);
    let order = state["open_orders"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["orderId"].as_i64() == Some(placed)))
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        (&order["side"], &order["status"], &order["price"]),
        (
            &Value::from("SELL"),
            &Value::from("NEW"),
            &Value::from("31000")
        ),
        "{order}"
    );

    // The server drops the stream: a gap line, then the reconciliation that follows it.
    h.sim().close_streams();
    let gap = json_line(&expect_line(&out, "a gap line", |l| {
        l.contains("\"type\":\"gap\"")
    }));
    assert!(gap["from_ms"].as_i64() <= gap["to_ms"].as_i64(), "{gap}");
    let reconciled = json_line(&expect_line(&out, "a reconciled line", |l| {
        l.contains("\"type\":\"reconciled\"")
    }));
    assert_eq!(reconciled["cause"], "gap", "{reconciled}");
    assert_eq!(
        reconciled["clean"], true,
        "nothing was missed: {reconciled}"
    );

    signal(&child, "TERM");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
    let closes = h
        .sim()
        .received()
        .into_iter()
        .filter(|r| r.method == "DELETE" && r.path.contains("/listenKey/"))
        .count();
    assert_eq!(closes, 1, "the listen key is closed once");
    for line in out.try_iter() {
        let v = json_line(&line);
        let kind = v["type"].as_str().unwrap_or_default();
        assert!(
            ["state", "gap", "reconciled", "disconnected"].contains(&kind),
            "{line}"
        );
    }
}

#[test]
fn watch_account_with_sim_prints_how_to_trade_on_it_and_shows_that_trade() {
    let h = Harness::new("watch-account-sim");
    let mut cmd = h.bare();
    cmd.args(["--sim", "watch", "account"]);
    let (child, out, err) = start(cmd);
    let first = next_line(&out);
    assert_eq!(first["type"], "state", "{first}");
    assert_eq!(first["balances"][0]["marginCoin"], "USDT", "{first}");
    assert_eq!(first["open_orders"], Value::Array(Vec::new()), "{first}");

    // The stderr lines say where the simulator is and whose account it is, as shell exports.
    let mut env = BTreeMap::new();
    for _ in 0..2 {
        let line = expect_line(&err, "an export line", |l| {
            l.trim_start().starts_with("export ")
        });
        for pair in line.split_whitespace().skip(1) {
            let (k, v) = pair.split_once('=').expect("NAME=value");
            env.insert(k.to_owned(), v.to_owned());
        }
    }
    let keys: Vec<&str> = env.keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "CONTANGO_API_KEY",
            "CONTANGO_BASE_URL",
            "CONTANGO_SECRET_KEY"
        ]
    );
    let mut order = h.bare_of(Path::new(env!("CARGO_BIN_EXE_contango")));
    order
        .envs(&env)
        .args(new_order("buy", "limit", "cross", "1", "29000", &[]));
    let placed = finish(order).json()["orderId"]
        .as_i64()
        .expect("an order id");
    state_with_order(&out, placed);

    signal(&child, "INT");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
}

#[test]
fn watch_book_with_sim_prints_a_moving_book_limited_to_levels_when_piped() {
    let h = Harness::new("watch-book");
    let mut cmd = h.bare();
    cmd.args(["--sim", "watch", "book", C, "--levels", "3"]);
    let (child, out, err) = start(cmd);
    expect_line(&err, "the driven simulator", |l| {
        l.starts_with("sim: listening on") && l.contains("random walk")
    });
    let first = next_line(&out);
    assert_eq!(
        (&first["type"], &first["contract"]),
        (&Value::from("book"), &Value::from(C)),
        "{first}"
    );
    let side = |v: &Value, key: &str| v[key].as_array().cloned().unwrap_or_default();
    // The simulator's book holds more than three levels a side: --levels cut it.
    assert_eq!(side(&first, "asks").len(), 3, "{first}");
    assert_eq!(side(&first, "bids").len(), 3, "{first}");
    let (ask, bid) = (decimal(&first["asks"][0][0]), decimal(&first["bids"][0][0]));
    assert!(ask > bid, "{first}");
    assert_eq!(decimal(&first["spread"]), ask - bid, "{first}");
    assert_eq!(
        decimal(&first["mid"]),
        (ask + bid) / Decimal::TWO,
        "{first}"
    );
    decimal(&first["asks"][0][1]);

    // The market driver moves it: another, different book.
    let moved = json_line(&expect_line(&out, "a changed book", |l| {
        let v: Value = serde_json::from_str(l).unwrap_or_default();
        v["type"] == "book" && (v["asks"] != first["asks"] || v["bids"] != first["bids"])
    }));
    assert!(side(&moved, "asks").len() <= 3 && side(&moved, "bids").len() <= 3);

    signal(&child, "TERM");
    let run = wait(child, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{run:?}");
}

/// The binary run on a terminal of its own: a pseudo-terminal of 80×24 that `script`
/// (util-linux) makes, so no terminal is needed to run the test. Its stdin is the keyboard;
/// what it draws comes as bytes. Dropped before it ended (a failed assertion), it is killed,
/// and the binary with it (its terminal hangs up).
struct OnATerminal {
    child: Option<std::process::Child>,
    screen: Arc<Mutex<Vec<u8>>>,
}

impl OnATerminal {
    fn start(h: &Harness, args: &[&str]) -> OnATerminal {
        let binary = env!("CARGO_BIN_EXE_contango");
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let mut cmd = h.bare_of(Path::new("script"));
        cmd.args([
            "-qec",
            &format!(
                "stty cols 80 rows 24 && exec '{binary}' {}",
                quoted.join(" ")
            ),
            "/dev/null",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
        let mut child = cmd.spawn().expect("script (util-linux) makes the terminal");
        let screen = Arc::new(Mutex::new(Vec::new()));
        let (mut out, seen) = (child.stdout.take().expect("stdout"), screen.clone());
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = out.read(&mut chunk) {
                seen.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend_from_slice(&chunk[..n]);
            }
        });
        OnATerminal {
            child: Some(child),
            screen,
        }
    }

    /// What the terminal received so far, as text.
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap_or_else(|e| e.into_inner())).into_owned()
    }

    /// Waits (30 s at most) until the terminal shows `text`.
    fn shows(&self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.text().contains(text) {
            assert!(
                Instant::now() < deadline,
                "the terminal never showed {text:?}:\n{:?}",
                self.text()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `keys` on the terminal's keyboard.
    fn press(&mut self, keys: &[u8]) {
        let child = self.child.as_mut().expect("running");
        let stdin = child.stdin.as_mut().expect("stdin");
        stdin.write_all(keys).expect("type");
        stdin.flush().expect("type");
    }

    /// The view ended by `key`: it exited 0, and the terminal got back its main screen and
    /// cursor after the last drawing.
    fn ended_cleanly(mut self, key: &str) {
        let child = self.child.take().expect("running");
        let run = wait(child, Duration::from_secs(30));
        assert_eq!(run.code, Some(0), "{key}: {run:?}");
        let text = self.text();
        let entered = text.find("\x1b[?1049h").expect("the alternate screen");
        let left = text.rfind("\x1b[?1049l").expect("the main screen back");
        assert!(entered < left, "{key}: {text:?}");
        let shown = text.rfind("\x1b[?25h").expect("the cursor shown");
        assert!(
            shown > text.rfind("\x1b[?25l").unwrap_or(0),
            "{key}: {text:?}"
        );
        let after = &text[left + "\x1b[?1049l".len()..];
        assert!(
            !after.contains('\x1b'),
            "{key}: nothing drawn after: {text:?}"
        );
    }
}

impl Drop for OnATerminal {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[test]
fn watch_views_on_a_terminal_quit_on_q_esc_and_ctrl_c_and_give_the_terminal_back() {
    let h = Harness::new("watch-terminal");
    // The ladder: drawn, then `q`.
    let mut t = OnATerminal::start(&h, &["--sim", "watch", "book", C, "--levels", "3"]);
    t.shows("spread");
    t.press(b"q");
    t.ended_cleanly("q");

    // The account: Esc.
    let mut t = OnATerminal::start(&h, &["--sim", "watch", "account"]);
    t.shows("BALANCES");
    t.press(b"\x1b");
    t.ended_cleanly("Esc");

    // The trading screen (80 columns: one panel at a time, the ladder first); Tab to the next
    // panel (what each shows is the render tests'), then Ctrl-C, which raw mode delivers as a
    // key. Only the cells that change are written, so the screen is not read as text here.
    let mut t = OnATerminal::start(&h, &["--sim", "watch", C]);
    t.shows("[Book]");
    t.shows("spread");
    t.press(b"\t\t");
    t.press(b"\x03");
    t.ended_cleanly("Ctrl-C");
}

#[test]
fn watch_views_need_a_terminal_and_say_what_to_use_instead() {
    let h = Harness::new("watch-no-terminal");
    let cases: [(&[&str], &str); 3] = [
        (
            &["-o", "table", "watch", "book", C],
            "the view needs a terminal, and stdout is not one",
        ),
        (
            &["-o", "table", "watch", "account"],
            "the view needs a terminal, and stdout is not one",
        ),
        (
            &["watch", C],
            "watch CONTRACT is a screen for a terminal; for JSON lines use watch book",
        ),
    ];
    for (args, says) in cases {
        let run = h.run(args);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert!(run.stderr.contains(says), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {run:?}");
    }
    assert_eq!(h.sim().market_connections_opened(), 0, "nothing was sent");
    assert!(
        h.sim().received().is_empty(),
        "nothing was sent: {:?}",
        h.sim().received()
    );
}

#[test]
fn bad_watch_arguments_are_refused_before_anything_is_sent() {
    let h = Harness::new("watch-refused");
    let cases: [(&[&str], &str); 3] = [
        (
            &["watch", "book", C, "--levels", "0"],
            "invalid value '0' for '--levels <N>'",
        ),
        (
            &["watch", "book", ""],
            "invalid argument `symbol`: must not be empty",
        ),
        (
            &["watch", "account", "--contract", ""],
            "a value is required for '--contract <CONTRACT>'",
        ),
    ];
    for (args, says) in cases {
        let run = h.run(args);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert!(run.stderr.contains(says), "{args:?}: {run:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {run:?}");
    }
    let mut anonymous = h.bare();
    anonymous.args(["--base-url", h.sim().rest_url(), "watch", "account"]);
    let run = finish(anonymous);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.contains("watch account needs credentials"),
        "{run:?}"
    );
    assert!(h.sim().received().is_empty(), "nothing was sent");
    assert_eq!(h.sim().market_connections_opened(), 0, "nothing was sent");
}
