#!/usr/bin/env bash
# A new user's first build of contango, measured from outside: a scratch crate that depends on
# contango by path (as README "Install" does, with tokio and rust_decimal) and calls one endpoint,
# built with a cold target directory; prints the wall time, how many crates and compile units
# cargo compiled, and how long contango's own crates took (cargo's --timings report, python3).
#
#   scripts/build_time.sh                       # dev, then release, default features
#   scripts/build_time.sh dev                   # one profile: dev or release
#   CONTANGO_DEP='default-features = false, features = ["..."]' scripts/build_time.sh dev
#
# Environment:
#   CONTANGO_DEP   extra keys for the scratch crate's `contango = { path = ..., <here> }` entry
#                  (a feature set to measure); default none (the default features)
#   KEEP_SCRATCH   set to 1 to keep the scratch crate and its target directories (printed)
#   IDNA_ADAPTER   a version of idna_adapter to build with instead of this workspace's lock
#                  choice (1.1.0, unicode-rs): 1.2.1 measures what cargo picks for a new
#                  application that does not choose (ICU4X; README "Install")
#   INCREMENTAL    set to 1 to build contango incrementally, as cargo builds a path dependency
#                  (like a workspace member); by default it is built as a git or registry
#                  dependency is (README "Install"), without incremental state
#   CALLS          `one` (default): the scratch crate calls one endpoint; `every`: it calls every
#                  endpoint of the shipped spec once, as a bot does
#   SOURCE         `path` (default): contango by path; `git`: a git dependency on this checkout's
#                  HEAD (committed work only), fetched before the timed build
#
# The registry sources are taken as already downloaded (--offline, with this workspace's
# Cargo.lock, so the versions are the ones the tests use): what is timed is compiling, not the
# network. Each profile gets its own empty target directory. The figures depend on the machine
# and on whatever else it is running; say which when quoting them (docs/performance.md).
# Not part of .ci/run: two cold builds, one of them optimised.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "$#" -gt 0 ]; then PROFILES=("$@"); else PROFILES=(dev release); fi
for p in "${PROFILES[@]}"; do
    case "$p" in dev | release) ;; *) echo "build_time.sh: unknown profile '$p' (dev or release)" >&2; exit 2 ;; esac
done

SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/contango-build-time.XXXXXX")"
cleanup() { if [ "${KEEP_SCRATCH:-0}" = 1 ]; then echo "kept $SCRATCH"; else rm -rf "$SCRATCH"; fi; }
trap cleanup EXIT

case "${SOURCE:-path}" in
    path) DEP="path = \"$ROOT\"" ;;
    git) DEP="git = \"file://$ROOT\", rev = \"$(git -C "$ROOT" rev-parse HEAD)\"" ;;
    *) echo "build_time.sh: SOURCE is path or git" >&2; exit 2 ;;
esac
if [ -n "${CONTANGO_DEP:-}" ]; then DEP="$DEP, $CONTANGO_DEP"; fi
mkdir -p "$SCRATCH/crate/src"
cat >"$SCRATCH/crate/Cargo.toml" <<EOF
[package]
name = "first-build"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
contango = { $DEP }
tokio = { version = "1", features = ["macros", "rt-multi-thread"] }
rust_decimal = "1"

# Its own workspace, not a member of contango's.
[workspace]
EOF
cat >"$SCRATCH/crate/src/main.rs" <<'EOF'
use contango::{Client, Product};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = Client::builder()
        .base_url("http://127.0.0.1:1")
        .product(Product::UsdtMargined)
        .build()?;
    let book = client.depth("E-BTC-USDT").limit(20).send().await?;
    let best: Option<rust_decimal::Decimal> = book.bids.first().map(|level| level.price);
    println!("best bid {best:?}");
    Ok(())
}
EOF
if [ "${CALLS:-one}" = every ]; then
    cat >"$SCRATCH/crate/src/main.rs" <<'EOF'
use contango::*;
use rust_decimal::Decimal;

// Every endpoint of the shipped spec, once, as a bot calls them (the answers are not used).
#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = Client::builder()
        .base_url("http://127.0.0.1:1")
        .product(Product::UsdtMargined)
        .credentials(Credentials::new("key", "secret"))
        .build()?;
    let c = "E-BTC-USDT";
    let one = Decimal::ONE;
    let _ = client.ping().send().await;
    let _ = client.server_time().send().await;
    let _ = client.contracts(c).send().await;
    let _ = client.depth(c).limit(20).send().await;
    let _ = client.ticker(c).send().await;
    let _ = client.klines(c, KlineInterval::OneMinute).send().await;
    let _ = client.my_trades(c).send().await;
    let _ = client.position_margin(c, one).send().await;
    let _ = client.level_edit(c, 10).send().await;
    let _ = client.open_orders(c).send().await;
    let _ = client.cancel_order(c).order_id(1).send().await;
    let _ = client.query_order(c).order_id(1).send().await;
    let order = NewOrder {
        contract_name: c.into(),
        side: Side::Buy,
        order_type: OrderType::Limit,
        position_type: PositionType::Cross,
        open: Open::Open,
        volume: one,
        amount: one,
        price: one,
    };
    let _ = client.new_order(order).send().await;
    let _ = client.cancel_all_orders(c).send().await;
    let _ = client.account().send().await;
    let _ = client.leverage_bracket(c).send().await;
    let _ = client.commission_rate(c).send().await;
    let transfer = Transfer {
        coin_symbol: "USDT".into(),
        amount: one,
        transfer_type: TransferType::WalletToContract,
    };
    let _ = client.transfer(transfer).send().await;
    let _ = client.transfer_history(TransferType::WalletToContract).send().await;
    let _ = client.force_orders_history(c).send().await;
    let _ = client.create_listen_key().send().await;
    let _ = client.keep_alive_listen_key("key").send().await;
    let _ = client.close_listen_key("key").send().await;
    Ok(())
}
EOF
fi
cp "$ROOT/Cargo.lock" "$SCRATCH/crate/Cargo.lock"
if [ "${SOURCE:-path}" = git ]; then
    # The checkout's commit into cargo's git cache; the registry crates are already there.
    cargo fetch --quiet --manifest-path "$SCRATCH/crate/Cargo.toml"
fi
if [ -n "${IDNA_ADAPTER:-}" ]; then
    cargo update --offline --quiet --manifest-path "$SCRATCH/crate/Cargo.toml" \
        -p idna_adapter --precise "$IDNA_ADAPTER"
fi
IDNA="$(grep -A1 '^name = "idna_adapter"' "$SCRATCH/crate/Cargo.lock" | sed -n 's/^version = "\(.*\)"/\1/p')"

echo "contango first build: $(rustc --version), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%d)"
echo "dependency: contango = { $DEP }, incremental ${INCREMENTAL:-0}, idna_adapter $IDNA"
for profile in "${PROFILES[@]}"; do
    target="$SCRATCH/target-$profile"
    args=(build --offline --timings --message-format=json --manifest-path "$SCRATCH/crate/Cargo.toml")
    if [ "$profile" = release ]; then args+=(--release); fi
    # A user builds without the RUSTFLAGS this shell may carry.
    start=$(date +%s.%N)
    if ! env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS CARGO_TARGET_DIR="$target" \
        CARGO_INCREMENTAL="${INCREMENTAL:-0}" \
        cargo "${args[@]}" >"$SCRATCH/$profile.json" 2>"$SCRATCH/$profile.log"; then
        cat "$SCRATCH/$profile.log" >&2
        echo "build_time.sh: the $profile build failed" >&2
        exit 1
    fi
    end=$(date +%s.%N)
    # Units: every library, proc macro, build script and binary cargo compiled (a build
    # script's run is not one); crates: the packages they belong to.
    units=$(grep -c '"reason":"compiler-artifact"' "$SCRATCH/$profile.json" || true)
    crates=$(grep '"reason":"compiler-artifact"' "$SCRATCH/$profile.json" |
        sed -E 's/.*"package_id":"([^"]*)".*/\1/' | sort -u | wc -l)
    awk -v p="$profile" -v s="$start" -v e="$end" -v c="$crates" -v u="$units" \
        'BEGIN { printf "%-8s %6.1f s wall, %d crates (%d compile units)\n", p, e - s, c, u }'
    # contango's own crates, from cargo's timing report (its unit table, as JSON in the page).
    python3 - "$target/cargo-timings/cargo-timing.html" <<'PY' || true
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
found = re.search(r"const UNIT_DATA = (\[.*?\]);", page, re.S)
if not found:
    print("         (contango's crates: see the timing report; its format was not recognised)")
    sys.exit(0)
for unit in json.loads(found.group(1)):
    if unit.get("name", "").startswith("contango"):
        print("         %-22s %5.1f s" % (unit["name"] + " " + unit.get("target", "").strip(),
                                          unit.get("duration", 0.0)))
PY
done
