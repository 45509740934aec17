#!/usr/bin/env python3
"""Builds the seed corpus of every fuzz target from the real-world payloads.

Usage: build_corpus.py FIXTURES_DIR OUT_DIR SPEC_FILE [UI_SPECS_DIR]

Writes OUT_DIR/<target>/seed-* files (replacing earlier seeds, leaving whatever the fuzzer
added alone). Input layouts are the ones of fuzz/harness.rs: a selector byte, then the payload
(the envelope target's endpoints are the spec's, in spec order).
The `.txt` samples are repaired first (comments stripped, Python reprs turned into JSON, missing
commas added); a sample that still is not JSON is used as it is.
"""

import gzip
import hashlib
import json
import os
import re
import sys

HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "harness.rs")


def harness_table(kind):
    """The names of fuzz/harness.rs's RESPONSES, in order (selector = index)."""
    with open(HARNESS, encoding="utf-8") as f:
        text = f.read()
    return re.findall(r'\(\s*"([^"]+)",\s*(?:%s)::<' % kind, text)


def spec_endpoints(spec):
    """The endpoint names of the spec, in spec order: the harness's endpoint list (the generated
    `each_endpoint`), selector = index. Read off the block layout the spec is written in (each
    endpoint a key two spaces in under the top-level `endpoints:`), no YAML library needed."""
    names, inside = [], False
    with open(spec, encoding="utf-8") as f:
        for line in f:
            if re.match(r"\S", line):
                inside = line.rstrip() == "endpoints:"
            elif inside:
                m = re.match(r"  ([A-Za-z_][A-Za-z0-9_]*):", line)
                if m:
                    names.append(m.group(1))
    if not names:
        sys.exit("build_corpus.py: no endpoints found in %s" % spec)
    return names


# `same` decodes like `one` and also checks the direct reader against serde.
RESPONSES = harness_table("one|same")
ENUMS = [
    "Side", "OrderType", "OrderStatus", "Open", "PositionType", "ContractStatus", "ContractSide",
    "ContractType", "TransferType", "TransferStatus", "KlineInterval", "FreezeLock",
    "PositionStatus", "AutoCloseType", "UsingAccountType", "CopyStatus", "ShareRoyaltyStatus",
    "ClosePositionType", "ExecutionType", "PositionSide", "AccountUpdateReason",
]

# Which endpoint answers each sample (prefix of the file name -> endpoints).
ENDPOINT_OF = {
    "ping": ["ping"],
    "v1_time": ["server_time"], "sdk_time_repr": ["server_time"],
    "v1_contracts": ["contracts"], "dapi_v1_contracts": ["contracts"],
    "sdk_contracts_repr": ["contracts"], "koinbay_v1_contracts_element": ["contracts"],
    "v1_depth": ["depth"], "sdk_depth_repr": ["depth"],
    "v1_ticker": ["ticker"], "v1_index": ["ticker"],
    "v1_klines": ["klines"],
    "v2_myTrades": ["my_trades"], "chainup_v1_myTrades": ["my_trades"],
    "v2_positionMargin": ["position_margin"], "v2_level_edit": ["level_edit"],
    "v1_openOrders": ["open_orders"], "v2_openOrders": ["open_orders"],
    "v2_openOrders_with_childOrders": ["open_orders"], "v2_allOpenOrders": ["open_orders"],
    "sdk_openOrders_repr": ["open_orders"],
    "v2_cancel": ["cancel_order", "cancel_all_orders"],
    "v1_order_query": ["query_order"], "v2_order_query": ["query_order"],
    "v2_order_query_with_childOrders": ["query_order"], "sdk_order_query_repr": ["query_order"],
    "v1_order_new_response": ["new_order"], "v2_order_new_response": ["new_order"],
    "sdk_order_new_repr": ["new_order"], "chainup_v1_batchRobot": ["new_order"],
    "v1_account": ["account"], "v2_account": ["account"], "dapi_v2_account": ["account"],
    "chainup_v1_positions": ["account"], "koinbay_v1_positions": ["account"],
    "v2_leverageBracket": ["leverage_bracket"], "v2_commissionRate": ["commission_rate"],
    "v2_futures_transfer": ["transfer"], "v2_futures_transfer_history": ["transfer_history"],
    "v2_forceOrdersHistory": ["force_orders_history"],
    "listenKey_create": ["create_listen_key"], "listenKey_keepalive_put": ["keep_alive_listen_key"],
    "listenKey_close_delete": ["close_listen_key"],
    "error_response": ["account", "new_order", "depth", "create_listen_key", "query_order"],
    "signature_example_body": ["new_order"],
}

# Which response type a sample (or a part of it, by key path) is.
RESPONSE_OF = {
    "v1_time": [("ServerTime", [])], "sdk_time_repr": [("ServerTime", [])],
    "v1_contracts": [("list<Contract>", []), ("Contract", [0])],
    "dapi_v1_contracts": [("list<Contract>", []), ("Contract", [0])],
    "sdk_contracts_repr": [("list<Contract>", [])],
    "koinbay_v1_contracts_element": [("Contract", [])],
    "v1_depth": [("OrderBook", []), ("PriceLevel", ["bids", 0])],
    "sdk_depth_repr": [("OrderBook", []), ("list<PriceLevel>", ["asks"])],
    "v1_ticker": [("Ticker", [])], "v1_index": [("Ticker", [])],
    "v1_klines": [("list<Kline>", []), ("Kline", [0])],
    "v2_myTrades": [("list<Trade>", ["data"]), ("Trade", ["data", 0])],
    "chainup_v1_myTrades": [("list<Trade>", [])],
    "v1_openOrders": [("list<Order>", [])], "sdk_openOrders_repr": [("list<Order>", [])],
    "v2_openOrders": [("list<Order>", ["data"]), ("Order", ["data", 0])],
    "v2_openOrders_with_childOrders": [("list<Order>", ["data"]), ("Order", ["data", 0])],
    "v2_allOpenOrders": [("list<Order>", ["data"])],
    "v1_order_query": [("list<Order>", []), ("Order", [0])],
    "v2_order_query": [("list<Order>", ["data"])],
    "v2_order_query_with_childOrders": [("Order", ["data"]), ("list<Order>", ["data"])],
    "sdk_order_query_repr": [("Order", [])],
    "v1_order_new_response": [("OrderId", [])], "sdk_order_new_repr": [("OrderId", [])],
    "v2_order_new_response": [("OrderId", ["data"])], "v2_cancel": [("OrderId", ["data"])],
    "v1_account": [("Account", []), ("AccountBalance", ["account", 0]),
                   ("PositionGroup", ["account", 0, "positionVos", 0]),
                   ("Position", ["account", 0, "positionVos", 0, "positions", 0])],
    "v2_account": [("Account", ["data"]), ("AccountBalance", ["data", "account", 0]),
                   ("PositionGroup", ["data", "account", 0, "positionVos", 0]),
                   ("Position", ["data", "account", 0, "positionVos", 0, "positions", 0])],
    "dapi_v2_account": [("Account", ["data"])],
    "chainup_v1_positions": [("list<Position>", []), ("Position", [0])],
    "koinbay_v1_positions": [("list<Position>", []), ("Position", [0])],
    "v2_leverageBracket": [("LeverageBrackets", ["data"]),
                           ("LeverageBracket", ["data", "brackets", 0]),
                           ("list<LeverageBracket>", ["data", "brackets"])],
    "v2_commissionRate": [("CommissionRate", ["data"])],
    "v2_futures_transfer_history": [("list<TransferRecord>", ["data"]),
                                    ("TransferRecord", ["data", 0])],
    "v2_forceOrdersHistory": [("list<ForceOrder>", ["data"]), ("ForceOrder", ["data", 0])],
    "listenKey_create": [("ListenKey", ["data"])],
    "ws_ORDER_TRADE_UPDATE": [("OrderTradeUpdate", []), ("OrderUpdate", ["o"])],
    "ws_ACCOUNT_UPDATE": [("AccountUpdate", []), ("AccountUpdateData", ["a"]),
                          ("BalanceUpdate", ["a", "B", 0]), ("PositionUpdate", ["a", "P", 0])],
    "ws_user_ping": [("StreamPing", [])], "ws_user_pong": [("StreamPong", [])],
    "ws_user_sub": [("StreamSubscribe", []), ("StreamSubscribeParams", ["params"])],
    "ws_user_sub_ack": [("StreamSubscribed", [])],
}

ENUM_SEEDS = [b'"BUY"', b'"LIMIT"', b'"CANCELED"', b'"OPEN"', b'1', b'"1min"', b'"X"', b'null']


def repair(name, text):
    """The published `.txt` samples as JSON where possible."""
    if not name.endswith(".txt"):
        return text
    lines = []
    for line in text.splitlines():
        i = line.find("//")
        lines.append(line[:i] if i >= 0 else line)
    text = "\n".join(lines)
    text = (text.replace("'", '"').replace("None", "null")
            .replace("True", "true").replace("False", "false"))
    # A value ending a line followed by a key on the next: the sample forgot a comma.
    text = re.sub(r'([0-9"el\]}])(\s*\n\s*")', r"\1,\2", text)
    # Trailing commas.
    text = re.sub(r",(\s*[}\]])", r"\1", text)
    return text


def at(value, path):
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def write(out, target, stem, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    digest = hashlib.sha1(data).hexdigest()[:8]
    with open(os.path.join(d, "seed-%s-%s" % (stem, digest)), "wb") as f:
        f.write(data)


def recording_seed(fixtures):
    """A recording (runtime/src/recording) holding every payload: REST ones as answers, stream
    ones as frames (market ones marked gzip), with a connection and its close."""
    lines = [json.dumps({"contango_recording": 1, "started_ms": 1764000000000,
                         "client": "contango/0.1.0"})]
    at = 0
    lines.append(json.dumps({"at": at, "kind": "connect", "conn": 1, "stream": "market",
                             "url": "ws://127.0.0.1:1/kline-api/ws"}))
    for name in sorted(os.listdir(fixtures)):
        if not (name.endswith(".json") or name.endswith(".txt")):
            continue
        stem = name.rsplit(".", 1)[0]
        with open(os.path.join(fixtures, name), encoding="utf-8") as f:
            text = repair(name, f.read())
        at += 1
        if stem.startswith("ws_") or stem.startswith("probe_ws_"):
            lines.append(json.dumps({"at": at, "kind": "frame", "conn": 1, "dir": "in",
                                     "binary": "market" in stem, "gzip": "market" in stem,
                                     "text": text}))
        else:
            lines.append(json.dumps({"at": at, "kind": "http", "endpoint": stem,
                                     "method": "GET", "path": "/fapi/v1/" + stem,
                                     "status": 200, "content_type": "application/json",
                                     "response": text}))
    lines.append(json.dumps({"at": at + 1, "kind": "close", "conn": 1, "by": "server",
                             "code": 1000, "reason": "bye"}))
    return ("\n".join(lines) + "\n").encode("utf-8")


def recording_v2_seed():
    """A version-2 recording with each kind that version added: an exchange's two times, a clock
    sample and a gap."""
    lines = [
        {"contango_recording": 2, "started_us": 1764000000000123, "client": "contango/0.1.0"},
        {"at_us": 10, "finished_us": 580, "kind": "http", "endpoint": "server_time",
         "method": "GET", "path": "/fapi/v1/time", "status": 200,
         "response": "{\"serverTime\":1764000000000}"},
        {"at_us": 590, "kind": "clock", "offset_us": -417, "round_trip_us": 570},
        {"at_us": 700, "kind": "connect", "conn": 1, "stream": "market",
         "url": "ws://127.0.0.1:1/kline-api/ws"},
        {"at_us": 900, "kind": "close", "conn": 1, "by": "server", "code": 1001, "reason": "x"},
        {"at_us": 1200, "kind": "gap", "stream": "market", "reason": "closed by the server",
         "from_us": 800, "to_us": 1190, "channels": ["market_e_btcusdt_depth_step0"]},
    ]
    return ("\n".join(json.dumps(l) for l in lines) + "\n").encode("utf-8")


def main():
    fixtures, out, spec = sys.argv[1], sys.argv[2], sys.argv[3]
    ui_specs = sys.argv[4] if len(sys.argv) > 4 else None
    endpoints = spec_endpoints(spec)

    counts = {}
    # Seeds of an earlier build go (a payload or the spec may have changed); what the fuzzer
    # added stays.
    for target in ("envelope", "responses", "stream", "market", "spec", "recording"):
        d = os.path.join(out, target)
        if os.path.isdir(d):
            for name in os.listdir(d):
                if name.startswith("seed-"):
                    os.remove(os.path.join(d, name))
    for name in sorted(os.listdir(fixtures)):
        if not (name.endswith(".json") or name.endswith(".txt")):
            continue
        stem = name.rsplit(".", 1)[0]
        with open(os.path.join(fixtures, name), encoding="utf-8") as f:
            text = repair(name, f.read())
        body = text.encode("utf-8")
        try:
            value = json.loads(text)
        except ValueError:
            value = None

        # envelope: selector (status 200) + body; errors also with failing statuses.
        for ep in ENDPOINT_OF.get(stem, ["account", "open_orders"]):
            i = endpoints.index(ep)
            write(out, "envelope", "%s-%s" % (stem, ep), bytes([i]) + body)
            if stem == "error_response":
                for status in (4, 5, 6, 7):
                    write(out, "envelope", "%s-%s-%d" % (stem, ep, status),
                          bytes([status << 5 | i]) + body)

        # responses: selector + the value (or the part of it) of the type.
        for ty, path in RESPONSE_OF.get(stem, []):
            part = at(value, path) if value is not None else None
            if path and part is None:
                continue
            data = body if not path else json.dumps(part).encode("utf-8")
            write(out, "responses", "%s-%s" % (stem, re.sub(r"\W", "_", ty)),
                  bytes([RESPONSES.index(ty)]) + data)

        # stream: text frames and gzip binary frames.
        if stem.startswith("ws_") or stem.startswith("probe_ws_"):
            frame = json.dumps(value, separators=(",", ":")).encode() if value else body
            write(out, "stream", stem + "-text", b"\x00" + frame)
            write(out, "stream", stem + "-gzip", b"\x01" + gzip.compress(frame, mtime=0))
        # market: the market frames as text and gzip, with the samples' placeholders filled.
        if "ws_market" in stem:
            frame = frame.replace(b"$symbol", b"e_btcusdt").replace(b"$interval", b"1min")
            write(out, "market", stem + "-text", frame)
            write(out, "market", stem + "-gzip", gzip.compress(frame, mtime=0))
    for e in ENUMS:
        if e not in RESPONSES:
            continue
        for s in ENUM_SEEDS:
            write(out, "responses", e, bytes([RESPONSES.index(e)]) + s)

    # Envelope shapes beyond the samples.
    for i, ep in enumerate(endpoints):
        write(out, "envelope", ep + "-html", bytes([7 << 5 | i]) + b"<html><body>502</body></html>")
        write(out, "envelope", ep + "-empty", bytes([i]) + b"")
        write(out, "envelope", ep + "-nulldata", bytes([i]) + b'{"code":"0","msg":"Success","data":null}')

    # recording: every payload as a recorded answer or frame, one file, and its first lines.
    write(out, "recording", "session", recording_seed(fixtures))
    head = recording_seed(fixtures).split(b"\n")
    write(out, "recording", "head", b"\n".join(head[:6]))
    write(out, "recording", "v2", recording_v2_seed())

    # spec: the shipped spec and the UI tests' broken specs.
    with open(spec, "rb") as f:
        write(out, "spec", "futures", f.read())
    if ui_specs and os.path.isdir(ui_specs):
        for name in sorted(os.listdir(ui_specs)):
            if name.endswith(".yaml"):
                with open(os.path.join(ui_specs, name), "rb") as f:
                    write(out, "spec", name.rsplit(".", 1)[0], f.read())

    for target in sorted(os.listdir(out)):
        d = os.path.join(out, target)
        if os.path.isdir(d):
            counts[target] = sum(1 for n in os.listdir(d) if n.startswith("seed-"))
    print("seed corpus: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))


if __name__ == "__main__":
    main()
