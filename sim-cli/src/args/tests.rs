use super::*;

/// The venue `a` describes, or clap's error as it would print it.
fn venue_of(a: &[&str]) -> Result<Venue, String> {
    match parse(a.iter().copied()) {
        Ok(Run::Venue(v)) => Ok(*v),
        Ok(other) => Err(format!("not the venue: {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

fn err(a: &[&str]) -> String {
    venue_of(a).err().unwrap_or_default()
}

#[test]
fn market_flags() {
    let ok = |a: &[&str]| venue_of(a).map(|_| ()).map_err(|e| e.to_string());
    assert_eq!(
        ok(&[
            "--market-driver",
            "random:42",
            "--backfill=1h",
            "--driver-step",
            "50ms"
        ]),
        Ok(())
    );
    assert_eq!(
        ok(&[
            "--market-driver=random",
            "--volatility",
            "0.001",
            "--market-text"
        ]),
        Ok(())
    );
    assert_eq!(
        ok(&[
            "--price-path",
            "p.csv",
            "--loop",
            "--market-ping-interval",
            "2s"
        ]),
        Ok(())
    );
    assert!(
        err(&["--market-driver", "walk"]).contains("unknown driver `walk` (random[:SEED])"),
        "{}",
        err(&["--market-driver", "walk"])
    );
    assert!(err(&["--market-driver", "random:x"]).contains("invalid seed `x`"));
    // Driver options without a driver, and a driver beside a market source: clap says which.
    assert!(
        err(&["--backfill", "1h"])
            .contains("<--market-driver <random[:SEED]>|--price-path <FILE>>")
    );
    assert!(err(&["--volatility"]).contains("a value is required for '--volatility <X>'"));
    assert_eq!(
        ok(&[
            "--market-from",
            "day.jsonl",
            "--pace",
            "10",
            "--contract",
            "E-BTC-USDT"
        ]),
        Ok(())
    );
    assert_eq!(
        ok(&["--market-from=wss://market.example/kline-api/ws"]),
        Ok(())
    );
    assert!(
        err(&["--market-from", "wss://x/ws", "--pace", "fast"])
            .contains("--pace is for a recording, not a live market")
    );
    assert!(err(&["--pace", "fast"]).contains("--market-from <URL|FILE|DIR>"));
    assert!(
        err(&["--market-from", "day.jsonl", "--market-driver", "random"])
            .contains("cannot be used with")
    );
    assert!(err(&["--market-from", "d.jsonl", "--pace", "sometimes"]).contains("not a pace"));
    assert!(err(&["--sometimes"]).contains("unexpected argument '--sometimes'"));
}

#[test]
fn the_queue_model_flag() {
    let model = |a: &[&str]| venue_of(a).map(|v| v.config.queue_model);
    assert_eq!(
        model(&["--market-from", "d.jsonl"]),
        Ok(QueueModel::Conservative)
    );
    assert_eq!(
        model(&["--market-from", "d.jsonl", "--queue-model", "optimistic"]),
        Ok(QueueModel::Optimistic)
    );
    assert_eq!(
        model(&["--market-from=d.jsonl", "--queue-model=power:3"]),
        Ok(QueueModel::Power(3))
    );
    assert!(
        err(&["--market-from", "d.jsonl", "--queue-model", "power:0"]).contains(
            "invalid queue model `power:0`: conservative, optimistic or power:N (N from 1 to 10)"
        )
    );
    assert!(err(&["--queue-model", "optimistic"]).contains("--market-from <URL|FILE|DIR>"));
    assert!(
        command()
            .render_long_help()
            .to_string()
            .contains("--queue-model <MODEL>")
    );
}

#[test]
fn latency_flags() {
    let shown = venue_of(&["--latency", "order_entry=5ms"]).map(|v| v.latency);
    assert_eq!(
        shown,
        Ok(Some(
            "order entry 5 ms, cancel 0 ms, response 0 ms, market data 0 ms".to_owned()
        ))
    );
    assert!(
        err(&["--latency", "5ms", "--latency-from", "s.jsonl"]).contains("cannot be used with")
    );
    let missing = err(&["--latency-from", "/nonexistent/s.jsonl"]);
    assert!(
        missing.contains("--latency-from /nonexistent/s.jsonl: /nonexistent/s.jsonl: cannot read"),
        "{missing}"
    );
    let v1 = std::env::temp_dir().join(format!("contango-sim-v1-{}.jsonl", std::process::id()));
    let written = std::fs::write(
        &v1,
        "{\"contango_recording\":1,\"started_ms\":1,\"client\":\"x\"}\n",
    );
    assert!(written.is_ok(), "{written:?}");
    let file = v1.display().to_string();
    let refused = err(&["--latency-from", &file]);
    let _ = std::fs::remove_file(&v1);
    assert!(
        refused.contains(&format!(
            "--latency-from {file}: {}",
            contango_research::FitError::Version1
        )),
        "{refused}"
    );
}

#[test]
fn state_flags_need_a_state_directory() {
    let v = venue_of(&[
        "--state",
        "st",
        "--sync",
        "full",
        "--snapshot-every",
        "7",
        "--accounts=3",
    ]);
    let state = v.as_ref().ok().and_then(|v| v.config.state.clone());
    assert_eq!(
        state.as_ref().map(|s| s.durability),
        Some(Durability::PowerLoss)
    );
    assert_eq!(
        state.as_ref().map(|s| (s.snapshot_every, s.accounts)),
        Some((7, 3))
    );
    assert_eq!(
        state.as_ref().map(|s| (s.journal, s.keep)),
        Some((JournalKept::Compacted, None)),
        "the journal compacted and every row kept, by default"
    );
    let kept = venue_of(&["--state", "st", "--keep-journal", "--keep", "90m"])
        .map(|v| v.config.state.map(|s| (s.journal, s.keep)));
    assert_eq!(
        kept,
        Ok(Some((
            JournalKept::Everything,
            Some(Duration::from_secs(5_400))
        )))
    );
    assert!(err(&["--keep", "1h"]).contains("--state <DIR>"));
    assert!(err(&["--state", "st", "--keep", "soon"]).contains("soon"));
    assert_eq!(
        venue_of(&["--log", "debug"]).map(|v| v.log),
        Ok(LevelFilter::DEBUG)
    );
    assert_eq!(venue_of(&[]).map(|v| v.log), Ok(LevelFilter::WARN));
    assert!(err(&["--log", "loud"]).contains("[possible values: error, warn, info, debug, trace]"));
    assert!(err(&["--check"]).contains("--state <DIR>"));
    assert!(err(&["--state", "st", "--snapshot-every", "0"]).contains("'0'"));
    assert!(err(&["--state", "st", "--sync", "often"]).contains("[possible values: normal, full]"));
    let first = venue_of(&["--state", "st", "--accounts", "2", "--funding", "0.0001/1m"])
        .map(|v| v.first_start);
    assert_eq!(
        first,
        Ok(vec!["--accounts".to_owned(), "--funding".to_owned()])
    );
}

#[test]
fn report_flags() {
    let parsed = parse([
        "report",
        "--state",
        "st",
        "--account=10002",
        "--json",
        "--plot",
        "p.svg",
        "--tearsheet",
        "t.html",
        "--trades=t.csv",
    ]);
    let Ok(Run::Report(r)) = parsed else {
        panic!("{parsed:?}");
    };
    assert_eq!(
        r,
        ReportArgs {
            state: "st".into(),
            account: Some("10002".into()),
            json: true,
            plot: Some("p.svg".into()),
            tearsheet: Some("t.html".into()),
            trades: Some("t.csv".into()),
        }
    );
    let err = |a: &[&str]| {
        parse(a.iter().copied())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert!(err(&["report", "--json"]).contains("--state <DIR>"));
    assert!(err(&["report", "--state"]).contains("a value is required"));
    assert!(
        err(&["report", "--state", "st", "--port", "1"]).contains("unexpected argument '--port'")
    );
    assert!(err(&["--port", "1", "report", "--state", "st"]).contains("report"));
}

#[test]
fn the_drift_flag_turns_drift_mode_on() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        for (flags, on) in [(&["--drift"][..], true), (&[][..], false)] {
            let sim = venue_of(flags)
                .expect("flags")
                .config
                .start()
                .await
                .expect("sim");
            assert_eq!(sim.drift_mode(), on, "{flags:?}");
            sim.shutdown().await;
        }
    });
}

#[test]
fn export_takes_an_output_directory_and_one_recording() {
    let parsed = parse(["export", "--parquet", "out", "market/"]);
    let Ok(Run::Export(e)) = parsed else {
        panic!("{parsed:?}");
    };
    assert_eq!(
        e,
        ExportArgs {
            out_dir: "out".into(),
            recording: "market/".into(),
        }
    );
    let err = |a: &[&str]| {
        parse(a.iter().copied())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert!(err(&["export", "m.jsonl"]).contains("--parquet <OUT_DIR>"));
    assert!(err(&["export", "--parquet"]).contains("a value is required"));
    assert!(err(&["export", "--parquet", "o"]).contains("<RECORDING>"));
    assert!(err(&["export", "--csv", "o"]).contains("unexpected argument '--csv'"));
    assert!(err(&["export", "--parquet", "o", "a", "b"]).contains("unexpected argument 'b'"));
    let help = parse(["export", "--help"]).err().map(|e| e.kind());
    assert_eq!(help, Some(clap::error::ErrorKind::DisplayHelp));
}

#[test]
fn the_help_is_generated_and_names_every_subcommand() {
    command().debug_assert();
    let help = command().render_long_help().to_string();
    for needle in [
        "report",
        "fidelity",
        "export",
        "--state <DIR>",
        "--market-from",
        "/kline-api/ws",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

/// `--driven` plays a recording: it needs one, refuses a live market, `--pace` and `--state`,
/// and keeps its latency for the backtest (not slept on the wall).
#[test]
fn the_driven_flag() {
    assert!(err(&["--driven"]).contains("--market-from"));
    let live = err(&["--market-from", "ws://127.0.0.1:1/ws", "--driven"]);
    assert!(live.contains("--driven plays a recording"), "{live}");
    for other in [["--pace", "fast"], ["--state", "/tmp/x"]] {
        let mut args = vec!["--market-from", "s.jsonl", "--driven"];
        args.extend(other);
        assert!(err(&args).contains("cannot be used with"), "{other:?}");
    }
    let v = venue_of(&[
        "--market-from",
        "s.jsonl",
        "--driven",
        "--latency",
        "order_entry=5ms",
        "--contract",
        "E-BTC-USDT",
    ])
    .expect("a driven venue");
    assert_eq!(v.config.latency, None, "not on the wall");
    let driven = v.driven.expect("driven");
    assert_eq!(driven.recording, PathBuf::from("s.jsonl"));
    assert!(driven.latency.is_some());
    assert_eq!(driven.contracts, ["E-BTC-USDT"]);
}
