//! The patch on a small spec: every kind of finding placed, a spec's own layout and comments kept
//! around the edits, and an edit that would break the spec left out.

use contango_codegen::tree::{self, Node};
use contango_runtime::drift::{Finding, FindingKind};

use super::locate::{column, entries, get, items};
use super::{patch, patched, read_back, splice};

const SPEC: &str = "error_tables:
  futures:
    codes:
      - { code: -1000, name: UNKNOWN_ERROR, message: \"unknown\", retry: never }

enums:
  Side:
    values:
      - { wire: BUY, doc: Buy. }
      - { wire: SELL, doc: Sell. }

types:
  Account:
    doc: An account.
    fields:
      account: { type: list<AccountBalance>, required: true, doc: x. }

  AccountBalance:
    fields:
      coin: { type: string, required: true, doc: c. }
      idx: { type: seconds, required: true, doc: i. }
      high: { type: decimal, doc: h. }

stream:
  events:
    ORDER: { type: Account, doc: x. }

market_stream:
  channels:
    ticker:
      name: \"market_{symbol}_ticker\"
      payload: Account
";

fn finding(
    kind: FindingKind,
    endpoint: &str,
    path: &str,
    wire: &str,
    spec_type: Option<&str>,
    sample: Option<&str>,
    message: Option<&str>,
) -> Finding {
    Finding {
        kind,
        endpoint: endpoint.into(),
        path: path.into(),
        wire: wire.into(),
        sample: sample.map(str::to_owned),
        suggested_type: None,
        spec_type: spec_type.map(str::to_owned),
        message: message.map(str::to_owned),
        count: 1,
    }
}

#[test]
fn every_kind_becomes_an_edit_of_the_spec() {
    use FindingKind::*;
    let findings = [
        finding(
            UnknownField,
            "account",
            "account[].tier",
            "tier",
            Some("AccountBalance"),
            Some("{\"level\":3}"),
            None,
        ),
        finding(
            UnknownField,
            "account",
            "bonus",
            "bonus",
            Some("Account"),
            Some("\"12.5\""),
            None,
        ),
        finding(
            UnknownEnumValue,
            "account",
            "account[].side",
            "HOLD",
            Some("Side"),
            None,
            None,
        ),
        finding(
            UnknownErrorCode,
            "commission_rate",
            "",
            "-1999",
            Some("futures"),
            None,
            Some("new risk rule"),
        ),
        finding(
            MissingField,
            "klines",
            "[].idx",
            "idx",
            Some("AccountBalance"),
            None,
            None,
        ),
        finding(
            TypeMismatch,
            "ticker",
            "high",
            "high",
            Some("AccountBalance"),
            Some("true"),
            Some("the spec says decimal"),
        ),
        finding(
            UnknownEvent,
            "stream",
            "",
            "MARGIN_CALL",
            None,
            Some("{\"e\":\"MARGIN_CALL\",\"E\":1790133532000}"),
            None,
        ),
        finding(
            UnknownChannel,
            "market_stream",
            "",
            "market_e_btcusdt_bbo",
            None,
            Some("{\"bid\":\"1\"}"),
            None,
        ),
    ];
    let p = patch(SPEC, "spec/futures.yaml", &findings);
    println!("{p}");
    assert!(
        p.starts_with("--- a/spec/futures.yaml\n+++ b/spec/futures.yaml\n"),
        "{p}"
    );
    for added in [
        "+      - { code: -1999, name: NEW_RISK_RULE, message: \"new risk rule\", retry: never }",
        "+      - { wire: HOLD, doc: \"Seen on the wire (drift); not documented yet.\" }",
        "+      tier: { type: Tier, doc: \"Seen on the wire (drift); not documented yet.\" }",
        "+      bonus: { type: decimal, doc: \"Seen on the wire (drift); not documented yet.\" }",
        "+      idx: { type: seconds, doc: i. }",
        "-      idx: { type: seconds, required: true, doc: i. }",
        "+      high: { type: bool, doc: h. }",
        "+    MARGIN_CALL: { type: MarginCall, doc: \"Seen on the wire (drift); not documented yet.\" }",
        "+  MarginCall:",
        "+      E: { type: millis, doc: \"Seen on the wire (drift); not documented yet.\" }",
        "+      e: { type: string, name: drift_e, doc: \"Seen on the wire (drift); not documented yet.\" }",
        "+      name: \"market_{symbol}_bbo\"",
        "+      payload: MarketBbo",
        "+  Tier:",
        "+      level: { type: decimal, doc: \"Seen on the wire (drift); not documented yet.\" }",
    ] {
        assert!(p.lines().any(|l| l == added), "missing {added:?} in\n{p}");
    }
    // Each hunk's counts match its lines.
    for hunk in p.split("\n@@ ").skip(1) {
        let (head, body) = hunk.split_once(" @@\n").expect("a hunk header");
        let (old, new) = head.split_once(' ').expect("two ranges");
        let count = |r: &str| {
            r.split(',')
                .nth(1)
                .and_then(|n| n.parse::<usize>().ok())
                .expect("count")
        };
        let body: Vec<&str> = body.lines().take_while(|l| !l.starts_with("@@")).collect();
        let olds = body.iter().filter(|l| !l.starts_with('+')).count();
        let news = body.iter().filter(|l| !l.starts_with('-')).count();
        assert_eq!((count(old), count(new)), (olds, news), "{head}\n{p}");
    }
}

/// A valid spec written otherwise than `spec/futures.yaml`: four spaces a level, list items
/// four columns after their `-`, comments on lines of their own and after values, blank lines
/// inside lists and maps, a flow map of fields and a field in shorthand.
const FOUR_SPACES: &str = "# A spec written by hand.

info:
    title: Example    # trailing
    version: \"1\"
    doc: An example interface.
auth: { api_key_header: X-KEY, signature_header: X-SIGN, timestamp_header: X-TS, recv_window_param: recvWindow }
products:
    usdt_margined: { prefix: /fapi, doc: USDT-margined contracts. }

error_tables:
    futures:
        success: [0]
        codes:
            # the first code
            - { code: -1000, name: UNKNOWN_ERROR, message: \"unknown\", retry: never }   # trailing

            - { code: -1001, name: INTERNAL_ERROR, message: \"internal\", retry: safe }
        # after the codes

enums:
    Side:
        doc: A side.
        values:
            -   wire: BUY       # a block item
                doc: Buy.
            -   wire: SELL
                doc: Sell.

    # between the sections
types:
    Account:
        doc: An account.
        fields:
            # the balance
            balance: { type: decimal, required: true, doc: The balance. }   # trailing
            side: { type: Side, doc: The side. }

            updated: millis
    Note:
        doc: A note.
        fields: { id: i64 }

endpoints:
    account:
        doc: Gets the account.
        method: GET
        path: /v1/account
        security: NONE
        errors: futures
        response: { envelope: bare, data: Account }
    note:
        doc: Gets a note.
        method: GET
        path: /v1/note
        security: NONE
        errors: futures
        response: { envelope: bare, data: Note }
";

fn field(endpoint: &str, wire: &str, ty: &str, sample: &str) -> Finding {
    finding(
        FindingKind::UnknownField,
        endpoint,
        wire,
        wire,
        Some(ty),
        Some(sample),
        None,
    )
}

/// A finding of `kind` about `wire` in `spec_type`, seen in `account`: with a sample, or for
/// an error code its message.
fn of_account(kind: FindingKind, wire: &str, spec_type: &str, extra: Option<&str>) -> Finding {
    let (sample, message) = match kind {
        FindingKind::UnknownErrorCode => (None, extra),
        _ => (extra, None),
    };
    finding(kind, "account", "", wire, Some(spec_type), sample, message)
}

/// The patched text: the original with the diff applied by a reader of unified diffs.
fn apply_diff(old: &str, diff: &str) -> String {
    let old: Vec<&str> = old.split_inclusive('\n').collect();
    let mut out = String::new();
    let mut next = 0;
    for hunk in diff.split("\n@@ -").skip(1) {
        let start: usize = hunk
            .split([',', ' '])
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a hunk's start");
        out.extend(old[next..start - 1].iter().copied());
        next = start - 1;
        for line in hunk.lines().skip(1).take_while(|l| !l.starts_with("@@")) {
            let (mark, text) = line.split_at(1);
            match mark {
                "+" => out.push_str(&format!("{text}\n")),
                _ => {
                    assert_eq!(old[next], format!("{text}\n"), "context or removed line");
                    if mark == " " {
                        out.push_str(old[next]);
                    }
                    next += 1;
                }
            }
        }
    }
    out.extend(old[next..].iter().copied());
    out
}

#[test]
fn a_spec_keeps_its_layout_and_comments_around_the_edits() {
    use FindingKind::*;
    assert_eq!(read_back::mistakes(FOUR_SPACES), Vec::<String>::new());
    let findings = [
        field("account", "tier", "Account", "{\"level\":3}"),
        field("note", "text", "Note", "\"hello\""),
        of_account(UnknownEnumValue, "HOLD", "Side", None),
        of_account(UnknownErrorCode, "-1999", "futures", Some("new risk rule")),
        of_account(MissingField, "balance", "Account", None),
        of_account(TypeMismatch, "updated", "Account", Some("\"1.5\"")),
    ];
    let p = patch(FOUR_SPACES, "spec/futures.yaml", &findings);
    assert!(p.starts_with("--- a/spec/futures.yaml\n"), "{p}");
    let done = splice::apply(
        FOUR_SPACES,
        &patched(FOUR_SPACES, "spec", &findings).splices,
    );
    assert_eq!(apply_diff(FOUR_SPACES, &p), done, "{p}");
    assert_eq!(read_back::mistakes(&done), Vec::<String>::new(), "{done}");

    // Every line but the three edited ones is kept, in order; the edited ones keep their comments.
    let edited = ["balance:", "updated:", "fields: { id"];
    let mut kept = done.lines();
    for line in FOUR_SPACES
        .lines()
        .filter(|l| !edited.iter().any(|e| l.contains(e)))
    {
        assert!(kept.any(|l| l == line), "{line:?} lost in\n{done}");
    }
    for edited in [
        "            balance: { type: decimal, doc: The balance. }   # trailing",
        "            updated: decimal",
        "        fields: { id: i64, text: { type: string, doc: \"Seen on the wire (drift); not documented yet.\" } }",
    ] {
        assert!(done.lines().any(|l| l == edited), "{edited:?} in\n{done}");
    }

    // Read back, each new entry is in place, at its siblings' column.
    let root = tree::parse(&done).expect("the patched spec parses");
    let at = |path: &[&str]| -> &Node {
        path.iter()
            .try_fold(&root, |n, k| get(n, k))
            .unwrap_or_else(|| panic!("{path:?} in\n{done}"))
    };
    let keys = |n: &Node| -> Vec<(String, Option<usize>)> {
        entries(n)
            .iter()
            .map(|(k, _)| (k.key_text().unwrap_or_default(), column(k)))
            .collect()
    };
    let fields = keys(at(&["types", "Account", "fields"]));
    assert_eq!(
        fields.last(),
        Some(&("tier".to_owned(), Some(12))),
        "{done}"
    );
    assert!(fields.iter().all(|(_, c)| *c == Some(12)), "{fields:?}");
    let types = keys(at(&["types"]));
    assert_eq!(types.last(), Some(&("Tier".to_owned(), Some(4))), "{done}");
    assert_eq!(column(&entries(at(&["types", "Tier"]))[0].0), Some(8));
    assert_eq!(
        column(&entries(at(&["types", "Tier", "fields"]))[0].0),
        Some(12)
    );
    let values = items(at(&["enums", "Side", "values"]));
    assert_eq!(values.len(), 3, "{done}");
    assert_eq!(
        column(&values[2]),
        Some(16),
        "after its `-` as the others: {done}"
    );
    assert_eq!(column(&values[2]), column(&values[0]));
    assert_eq!(
        get(&values[2], "wire").and_then(Node::key_text).as_deref(),
        Some("HOLD")
    );
    let codes = items(at(&["error_tables", "futures", "codes"]));
    assert_eq!(
        get(&codes[2], "code").and_then(Node::key_text).as_deref(),
        Some("-1999")
    );
}

/// The patch of `FOUR_SPACES`, its notes and its diff, the notes starting with `finding` left
/// out for a mistake.
fn left_out(findings: &[Finding], finding: &str) -> (String, String, String) {
    let p = patch(FOUR_SPACES, "spec/futures.yaml", findings);
    let (notes, diff) = p.split_once("--- a/").expect("a diff");
    let head = format!("# drift: not placed in the spec: {finding}");
    assert!(
        notes.starts_with(&head) && notes.contains("(the patched spec would not build: "),
        "{p}"
    );
    (p.clone(), notes.to_owned(), diff.to_owned())
}

#[test]
fn an_edit_that_would_not_build_is_left_out_with_the_reason() {
    let findings = [
        // Named `UNKNOWN` after its message: the name of the catch-all variant.
        of_account(
            FindingKind::UnknownErrorCode,
            "-2000",
            "futures",
            Some("unknown"),
        ),
        field("account", "tier", "Account", "3"),
    ];
    let (p, notes, diff) = left_out(&findings, "unknown_error_code `-2000`");
    assert!(notes.contains("UNKNOWN"), "{p}");
    assert!(diff.contains("+            tier: { type: "), "{p}");
    assert!(!diff.contains("-2000"), "{p}");
}

#[test]
fn edits_fine_alone_but_not_together_keep_the_first() {
    // `aB` and `A_B` both clash with `a_b` and would both be named `drift_ab`.
    let findings = [
        field("account", "a_b", "Account", "1"),
        field("account", "aB", "Account", "1"),
        field("account", "A_B", "Account", "1"),
    ];
    let (p, notes, diff) = left_out(&findings, "unknown_field `A_B`");
    assert_eq!(notes.lines().count(), 1, "{p}");
    assert!(diff.contains("+            a_b: { type: "), "{p}");
    assert!(
        diff.contains("+            aB: { type: decimal, name: drift_ab,"),
        "{p}"
    );
    assert!(!diff.contains("A_B"), "{p}");
}

#[test]
fn lines_added_to_a_spec_with_crlf_breaks_end_as_its_own() {
    let crlf = FOUR_SPACES.replace('\n', "\r\n");
    let findings = [
        field("account", "tier", "Account", "{\"level\":3}"),
        field("note", "text", "Note", "\"hello\""),
    ];
    let done = splice::apply(&crlf, &patched(&crlf, "spec", &findings).splices);
    assert!(done.contains("tier: { type: Tier"), "{done}");
    assert_eq!(done.matches('\n').count(), done.matches("\r\n").count());
    assert_eq!(read_back::mistakes(&done), Vec::<String>::new(), "{done}");
}
