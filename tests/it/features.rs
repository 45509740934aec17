//! The optional parts are optional: a crate depending on contango with `default-features =
//! false` (REST only) builds without the streams' dependencies, its client and the client it
//! generates from its own copy of the spec call `depth` against the simulator, and neither has a
//! stream: code calling `user_stream()` does not compile.

use crate::probe::{self, Probe, SHIPPED_SPEC};

const MAIN: &str = r#"
mod own {
    contango::generate!("spec.yaml");
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let url = std::env::args().nth(1).expect("the simulator's URL");
    let facade = contango::Client::builder().base_url(url.as_str()).build().expect("a client");
    let book = facade.depth("E-BTC-USDT").limit(5).send().await.expect("depth");
    println!("facade: {} bids, {} asks", book.bids.len(), book.asks.len());
    let own = own::Client::builder().base_url(url.as_str()).build().expect("a client");
    let book = own.depth("E-BTC-USDT").limit(5).send().await.expect("depth");
    println!("own: {} bids, {} asks", book.bids.len(), book.asks.len());
    // STREAM
}
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rest_only_build_has_no_stream_code_or_dependencies_and_calls_depth() {
    let root = env!("CARGO_MANIFEST_DIR");
    let dependency = format!("contango = {{ path = {root:?}, default-features = false }}");
    let probe = Probe::with_dependencies("rest-only-probe", &[&dependency, probe::TOKIO], root);
    probe.write("spec.yaml", SHIPPED_SPEC);
    probe.write("src/main.rs", MAIN);
    let built = probe.build();
    assert!(
        built.ok,
        "the REST-only probe does not build:\n{}",
        built.stderr
    );

    let (ok, tree, err) = probe.cargo(&["tree", "-e", "normal"]);
    assert!(ok, "cargo tree: {err}");
    assert!(tree.contains("reqwest"), "{tree}");
    // The HTTP client's own TLS (rustls, webpki-roots) stays; the streams' WebSocket and gzip
    // are gone, and so is HTTP/2 (the opt-in `http2`).
    for absent in ["tungstenite", "libdeflate", " h2 v"] {
        assert!(
            !tree.contains(absent),
            "{absent} in a REST-only build:\n{tree}"
        );
    }

    let sim = crate::sim_support::sim().await;
    let args = [sim.rest_url().to_owned()];
    let binary = probe.binary();
    let (ok, out) = tokio::task::spawn_blocking(move || probe::run_bounded(&binary, &args))
        .await
        .expect("the probe's run");
    assert!(ok, "the probe failed:\n{out}");
    assert!(
        out.contains("facade: 5 bids, 5 asks") && out.contains("own: 5 bids, 5 asks"),
        "{out}"
    );

    // Neither client has a stream: one build, where rustc reports each call on its own line.
    probe.write(
        "src/main.rs",
        &MAIN.replace(
            "    // STREAM\n",
            "    let _ = facade.user_stream();\n    let _ = own.user_stream();\n",
        ),
    );
    let refused = probe.build();
    assert!(!refused.ok, "user_stream() compiled in a REST-only build");
    for client in ["facade", "own"] {
        assert!(
            refused.stderr.contains(&format!("{client}.user_stream()"))
                && refused
                    .stderr
                    .matches("no method named `user_stream`")
                    .count()
                    == 2,
            "{client}.user_stream() is not refused:\n{}",
            refused.stderr
        );
    }
}
