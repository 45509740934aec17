//! Serving the venue the options describe until Ctrl-C or SIGTERM, and `--check`.

use std::process::ExitCode;

use contango_research::Backtest;

use crate::args::{Driven, Venue};

/// `--check --state DIR`: the store verified and the state brought back, without serving.
pub fn check(config: &contango_sim::SimConfig) -> ExitCode {
    let Some(state) = &config.state else {
        return ExitCode::from(2);
    };
    match contango_sim::journal::start::check(&state.dir) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            eprint!("contango-sim: check failed: {text}");
            if !text.ends_with('\n') {
                eprintln!();
            }
            ExitCode::FAILURE
        }
    }
}

/// Starts the venue, prints where it listens and the funded credentials, serves until Ctrl-C
/// or SIGTERM, then shuts it down (a journaled venue takes a last snapshot).
pub async fn serve(parsed: &Venue) -> ExitCode {
    if let Some(driven) = &parsed.driven {
        return serve_driven(parsed, driven).await;
    }
    let sim = match parsed.config.clone().start().await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("contango-sim: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("contango-sim listening");
    println!("  REST base URL : {}", sim.rest_url());
    println!("  WebSocket URL : {}?listenKey=<key>", sim.ws_url());
    println!("  market stream : {}", sim.market_ws_url());
    println!("  API key       : {}", sim.api_key());
    println!("  secret        : {}", sim.secret());
    if sim.drift_mode() {
        println!("  drift         : on (answers differ from the spec; see contango_sim::drift)");
    }
    match sim.admin_access() {
        contango_sim::AdminAccess::Off => {
            println!("  admin         : off (not a loopback address; --admin keeps it, signed)");
        }
        access => {
            println!(
                "  admin         : POST {}/__sim/{{mark_price,trade,advance_clock,clock_skew,liquidity,close_streams,close_market_streams,clear_faults,fail_next_commit,accounts}}, GET {}/__sim/{{fills,source,state}}",
                sim.rest_url(),
                sim.rest_url()
            );
            if let contango_sim::AdminAccess::Signed { api_key, secret } = access {
                println!("  admin key     : {api_key} (requests signed as the interface's)");
                println!("  admin secret  : {secret}");
            }
        }
    }
    if let Some(source) = sim.market_source() {
        println!("  market from   : {source}");
        println!("  queue model   : {}", sim.queue_model());
        for warning in sim.source_warnings() {
            eprintln!("contango-sim: warning: {warning}");
        }
    }
    if let Some(latency) = &parsed.latency {
        println!("  latency       : {latency}");
    }
    if let Some(state) = sim.state() {
        let how = if state.fresh {
            "first start".to_owned()
        } else {
            format!(
                "restored: {} inputs replayed after the latest snapshot",
                state.replayed
            )
        };
        println!("  state         : {} ({how})", state.file.display());
        if !state.fresh && !parsed.first_start.is_empty() {
            println!(
                "  note          : {} shape a new venue only; this one is as its first start made it",
                parsed.first_start.join(", ")
            );
        }
        if let Some(file) = &state.accounts_file {
            println!(
                "  accounts      : {} (their keys and secrets, owner-only)",
                file.display()
            );
        }
    }
    println!("Ctrl-C or SIGTERM to stop.");
    stopped(parsed.until_stdin_closes).await;
    sim.shutdown().await;
    ExitCode::SUCCESS
}

/// `--market-from FILE --driven`: the recording served as a backtest stepped from outside
/// (contango_research's driven backtest), until Ctrl-C or SIGTERM.
async fn serve_driven(parsed: &Venue, driven: &Driven) -> ExitCode {
    let started = async {
        let mut backtest = Backtest::from_file(&driven.recording)?;
        if let Some(latency) = &driven.latency {
            backtest = backtest.latency(latency.clone());
        }
        if let Some(model) = driven.queue_model {
            backtest = backtest.queue_model(model);
        }
        if !driven.contracts.is_empty() {
            backtest = backtest.contracts(driven.contracts.clone());
        }
        backtest.drive_on(parsed.config.clone()).await
    };
    let venue = match started.await {
        Ok(v) => v,
        Err(e) => {
            eprintln!("contango-sim: cannot start the driven backtest: {e}");
            return ExitCode::FAILURE;
        }
    };
    let url = venue.rest_url();
    println!("contango-sim listening (driven)");
    println!("  REST base URL : {url}");
    println!("  WebSocket URL : {}?listenKey=<key>", venue.ws_url());
    println!("  market stream : {}", venue.market_ws_url());
    println!("  API key       : {}", venue.api_key());
    println!("  secret        : {}", venue.secret());
    println!(
        "  market from   : {} (moves only when stepped)",
        driven.recording.display()
    );
    match parsed.config.admin_access() {
        contango_sim::AdminAccess::Off => {
            println!(
                "  driven        : off (the admin routes are off on a non-loopback address; --admin keeps them, signed)"
            );
        }
        access => {
            println!(
                "  driven        : POST {url}/__sim/step {{\"until_ms\":T}}, {{\"frames\":N}} or both, GET {url}/__sim/{{report,tearsheet}}"
            );
            if let contango_sim::AdminAccess::Signed { api_key, secret } = access {
                println!("  admin key     : {api_key} (requests signed as the interface's)");
                println!("  admin secret  : {secret}");
            }
        }
    }
    if let Some(latency) = &parsed.latency {
        println!("  latency       : {latency}");
    }
    println!("Ctrl-C or SIGTERM to stop.");
    stopped(parsed.until_stdin_closes).await;
    venue.shutdown().await;
    ExitCode::SUCCESS
}

/// Ctrl-C, SIGTERM where there is one, or with `stdin` the end of standard input.
async fn stopped(stdin: bool) {
    let (tx, closed) = tokio::sync::oneshot::channel::<()>();
    if stdin {
        // A thread of its own, never joined: a blocked read must not hold the runtime's end.
        std::thread::spawn(move || {
            let _ = std::io::copy(&mut std::io::stdin().lock(), &mut std::io::sink());
            let _ = tx.send(());
        });
    }
    let closed = async {
        if closed.await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    tokio::select! {
        () = closed => {}
        () = signalled() => {}
    }
}

/// Ctrl-C, or SIGTERM where there is one.
async fn signalled() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
