"""Rehearse with ccxt on a driven contango backtest (docs/backtests.md, A driven backtest).

A recorded market served by `contango-sim --market-from FILE --driven` moves only when a client
steps it; between steps ccxt's bitrue client trades on it with the venue's key, as it would on
the exchange, each request moving the venue by its own latency.

    pip install ccxt
    cargo run -p contango-sim-cli -- --market-from day.jsonl --driven \
        --latency order_entry=30ms,response=20ms
    python examples/python/ccxt_driven.py http://127.0.0.1:PORT API_KEY SECRET

(the URL, key and secret are the ones contango-sim prints). It steps 10 frames into the
market, buys 1 contract at market, steps a second, sells it back, steps to the end and prints
each step's fills and the report's summary.
"""

import json
import sys
import urllib.request

import ccxt

SYMBOL = "BTC/USDT:USDT"  # E-BTC-USDT
# An order's leverage must be the account's for the contract (-1166 otherwise); the venue's
# funded account trades at 10, and ccxt would send 1.
LEVERAGE = 10


def step(url, body):
    """POST /__sim/step: the step's answer (time, fills since the last step, account, books)."""
    request = urllib.request.Request(
        url + "/__sim/step",
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)["data"]


def report(url):
    """GET /__sim/report: the backtest's report, once the market is at its end."""
    with urllib.request.urlopen(url + "/__sim/report") as answer:
        return json.load(answer)["data"]


def main():
    url, key, secret = sys.argv[1:4]
    exchange = ccxt.bitrue({"apiKey": key, "secret": secret})
    exchange.urls["api"]["fapi"] = url + "/fapi"
    exchange.urls["api"]["dapi"] = url + "/dapi"
    # The venue serves the futures API only: its USDT-margined contracts are the markets
    # (load_markets would also ask the spot API).
    exchange.set_markets(exchange.parse_markets(exchange.fapiV1PublicGetContracts()))

    first = step(url, {"frames": 10})
    start = first["nowMs"]
    print(f"stepped 10 frames: exchange time {start}")
    # The interface requires a price on every order (0 for a market one), which ccxt leaves
    # out of a market order; and it takes a market order's volume in contracts, as a limit
    # order's, so ccxt is told not to turn it into a cost.
    market = {"price": 0, "leverage": LEVERAGE}
    bought = exchange.create_order(
        SYMBOL, "market", "buy", 1, params={**market, "createMarketBuyOrderRequiresPrice": False}
    )
    print(f"bought: order {bought['id']}")
    after = step(url, {"until_ms": start + 1000})
    print(f"stepped a second ({after['frames']} frames): fills {after['fills']}")
    sold = exchange.create_order(SYMBOL, "market", "sell", 1, params={**market, "reduceOnly": True})
    print(f"sold: order {sold['id']}")
    end = step(url, {"frames": 1_000_000_000})
    print(f"stepped to the end ({end['framesApplied']} frames in all): fills {end['fills']}")
    summary = report(url)
    results = summary["results"]
    print(
        f"report: {len(summary['fills'])} fills, {len(summary['trades'])} round trip(s), "
        f"realized PnL {results['realized_pnl']}, fees {results['fees']}, "
        f"latency {summary['run']['latency']}"
    )


if __name__ == "__main__":
    main()
