//! Each kind of failure with its own exit code and message: a local refusal (nothing sent), a
//! server error (its code printed), an unreachable server; unsafe or missing credentials; and
//! secrets never printed.

use std::net::TcpListener;

use contango::__private::endpoint::Endpoint;
use contango::{CancelOrderRequest, LevelEditRequest};

use crate::support::{Harness, finish, new_order};

const C: &str = "E-BTC-USDT";

#[test]
fn a_bad_argument_is_refused_with_the_sdks_own_text_and_nothing_is_sent() {
    let h = Harness::new("refusal");
    let leverage = h.run(&["level-edit", C, "200"]);
    assert_eq!(leverage.code, Some(2), "{leverage:?}");
    let sdk = LevelEditRequest::new(C, 200)
        .validate()
        .expect_err("the SDK refuses it too");
    assert!(leverage.stderr.contains(&sdk.to_string()), "{leverage:?}");
    assert!(leverage.stderr.contains("refused locally"), "{leverage:?}");

    let neither = h.run(&["cancel-order", C]);
    assert_eq!(neither.code, Some(2), "{neither:?}");
    let sdk = CancelOrderRequest::new(C).validate().expect_err("refused");
    assert!(neither.stderr.contains(&sdk.to_string()), "{neither:?}");

    // Values the spec's types refuse: an enum value it does not list, an inexact number.
    let side = h.run(&new_order("sideways", "limit", "cross", "1", "1", &[]));
    assert_eq!(side.code, Some(2), "{side:?}");
    assert!(
        side.stderr.contains("sideways") && side.stderr.contains("BUY"),
        "{side:?}"
    );
    let amount = h.run(&["position-margin", C, "1e3"]);
    assert_eq!(amount.code, Some(2), "{amount:?}");
    assert!(amount.stderr.contains("not a decimal"), "{amount:?}");

    let sent = h.sim().received();
    assert!(
        !sent.iter().any(|r| r.path.ends_with("/level_edit")
            || r.path.ends_with("/cancel")
            || r.path.ends_with("/order")
            || r.path.ends_with("/positionMargin")),
        "refused requests reached the server: {sent:?}"
    );
}

#[test]
fn a_server_error_prints_its_code_and_exits_3() {
    let h = Harness::new("server-error");
    let run = h.run(&["cancel-order", C, "--order-id", "123456789"]);
    assert_eq!(run.code, Some(3), "{run:?}");
    assert!(run.stderr.contains("ORDER_NOT_FOUND"), "{run:?}");
    assert!(run.stdout.is_empty(), "{run:?}");
}

#[test]
fn an_unreachable_server_is_a_transport_failure_exit_4() {
    let h = Harness::new("unreachable");
    // A port that was just free: nothing listens there.
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port");
    let mut cmd = h.bare();
    cmd.args([
        "--base-url",
        &format!("http://127.0.0.1:{port}"),
        "server-time",
    ]);
    let run = finish(cmd);
    assert_eq!(run.code, Some(4), "{run:?}");
    assert!(run.stderr.contains("transport failure"), "{run:?}");

    // --verbose: each log line names the request once and the attempt it belongs to, never a
    // field recorded again (`attempts=1 attempts=2`).
    let mut cmd = h.bare();
    cmd.args([
        "--verbose",
        "--base-url",
        &format!("http://127.0.0.1:{port}"),
        "server-time",
    ]);
    let verbose = finish(cmd);
    assert_eq!(verbose.code, Some(4), "{verbose:?}");
    assert!(
        verbose.stderr.contains(
            r#"contango.request{endpoint="server_time" method="GET"}:contango.attempt{n=2}"#
        ),
        "{verbose:?}"
    );
    for line in verbose.stderr.lines() {
        for field in ["attempts=", "n=", "status=", "endpoint="] {
            assert!(line.matches(field).count() <= 1, "{field} twice: {line}");
        }
    }
}

#[test]
fn credentials_missing_or_in_a_loose_profile_are_refused_and_secrets_never_printed() {
    let h = Harness::new("profiles");
    let mut cmd = h.bare();
    cmd.args(["--base-url", h.sim().rest_url(), "account"]);
    let missing = finish(cmd);
    assert_eq!(missing.code, Some(2), "{missing:?}");
    assert!(missing.stderr.contains("needs an API key"), "{missing:?}");

    let file = write_profile(&h, "sim", "");
    set_mode(&file, 0o644);
    let mut cmd = h.bare();
    cmd.args(["--profile", "sim", "account"]);
    let loose = finish(cmd);
    assert_eq!(loose.code, Some(2), "{loose:?}");
    assert!(loose.stderr.contains("chmod 600"), "{loose:?}");
    assert!(
        h.sim()
            .received()
            .iter()
            .all(|r| !r.path.ends_with("/account"))
    );

    set_mode(&file, 0o600);
    let mut cmd = h.bare();
    cmd.args(["--profile", "sim", "--verbose", "account"]);
    let ok = finish(cmd);
    assert_eq!(ok.code, Some(0), "{ok:?}");
    assert!(
        ok.stderr.contains("credentials from profile `sim`"),
        "{ok:?}"
    );
    assert!(!ok.stdout.contains(h.sim().secret()) && !ok.stderr.contains(h.sim().secret()));
    assert!(
        !ok.stderr.contains(h.sim().api_key()),
        "the API key is shown redacted"
    );

    let mut cmd = h.bare();
    cmd.args(["--profile", "nope", "account"]);
    let unknown = finish(cmd);
    assert_eq!(unknown.code, Some(2), "{unknown:?}");
    assert!(unknown.stderr.contains("no profile `nope`") && unknown.stderr.contains("sim"));

    // Environment credentials with --verbose: the secret is not printed either.
    let verbose = h.run(&["--verbose", "account"]);
    assert_eq!(verbose.code, Some(0), "{verbose:?}");
    assert!(
        !verbose.stderr.contains(h.sim().secret()) && !verbose.stdout.contains(h.sim().secret())
    );
}

#[test]
fn sim_flag_starts_the_simulator_and_says_where_on_stderr() {
    let h = Harness::new("sim-flag");
    let mut cmd = h.bare();
    cmd.args(["--sim", "ping"]);
    let run = finish(cmd);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.stdout.trim(), "{}");
    assert!(
        run.stderr.contains("sim: listening on http://127.0.0.1:"),
        "{run:?}"
    );
    // Another target beside --sim is refused wherever the flags are written, before or after
    // the subcommand, and no simulator starts.
    for args in [
        &["--sim", "--base-url", "http://127.0.0.1:9", "ping"][..],
        &["--sim", "ping", "--base-url", "http://127.0.0.1:9"],
        &["ping", "--sim", "--profile", "main"],
    ] {
        let mut cmd = h.bare();
        cmd.args(args);
        let run = finish(cmd);
        assert_eq!(run.code, Some(2), "{args:?}: {run:?}");
        assert!(run.stderr.contains("cannot be used with"), "{run:?}");
        assert!(!run.stderr.contains("listening"), "{run:?}");
        assert!(run.stdout.is_empty(), "{run:?}");
    }
}

#[test]
fn help_comes_from_the_spec_and_completions_are_generated() {
    let h = Harness::new("help");
    let mut cmd = h.bare();
    cmd.args(["new-order", "--help"]);
    let help = finish(cmd);
    assert_eq!(help.code, Some(0), "{help:?}");
    for text in [
        "Places an order.",
        "POST /v2/order",
        "Client order id, fewer than 32 characters",
        "POST_ONLY",
        "Exit codes:",
    ] {
        assert!(
            help.stdout.contains(text),
            "missing {text:?}: {}",
            help.stdout
        );
    }
    let mut cmd = h.bare();
    cmd.args(["completions", "bash"]);
    let bash = finish(cmd);
    assert_eq!(bash.code, Some(0), "{bash:?}");
    assert!(bash.stdout.contains("cancel-all-orders") && bash.stdout.contains("complete"));
}

#[cfg(unix)]
fn set_mode(file: &std::path::Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(file, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A profile's `[risk]` table guards the command line's orders: one over a limit is refused
/// before it is signed (exit 2, the limit named, nothing sent); one within passes.
#[test]
fn a_profiles_risk_limits_refuse_an_order_before_it_is_sent() {
    let h = Harness::new("risk-profile");
    let file = write_profile(
        &h,
        "desk",
        "\n[desk.risk.usdt]\nmax_order_notional = \"100\"\n",
    );
    set_mode(&file, 0o600);
    // 4 contracts at 30,000 of 0.001: 120 USDT, over the 100 allowed.
    let mut cmd = h.bare();
    cmd.args(["--profile", "desk"])
        .args(new_order("buy", "limit", "cross", "4", "30000", &[]));
    let refused = finish(cmd);
    assert_eq!(refused.code, Some(2), "{refused:?}");
    assert!(refused.stderr.contains("max_order_notional"), "{refused:?}");
    assert_eq!(
        h.sim().received_count("POST", "/fapi/v2/order"),
        0,
        "nothing was sent"
    );
    let mut cmd = h.bare();
    cmd.args(["--profile", "desk"])
        .args(new_order("buy", "limit", "cross", "3", "30000", &[]));
    let placed = finish(cmd);
    assert_eq!(placed.code, Some(0), "{placed:?}");
    assert_eq!(h.sim().received_count("POST", "/fapi/v2/order"), 1);
}

/// Writes profile `name` (the simulator's account and address, then `more`) to the harness's
/// profile file, and returns its path.
fn write_profile(h: &Harness, name: &str, more: &str) -> std::path::PathBuf {
    let dir = h.config.join("contango");
    std::fs::create_dir_all(&dir).expect("config dir");
    let file = dir.join("profiles.toml");
    std::fs::write(
        &file,
        format!(
            "[{name}]\napi_key = {:?}\nsecret_key = {:?}\nbase_url = {:?}\n{more}",
            h.sim().api_key(),
            h.sim().secret(),
            h.sim().rest_url()
        ),
    )
    .expect("write the profile");
    file
}
