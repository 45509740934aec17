//! `contango-sim [--host IP] [--port N]`: runs the simulator until Ctrl-C and prints where it
//! listens and the funded credentials.

use std::net::IpAddr;
use std::process::ExitCode;

const USAGE: &str = "usage: contango-sim [--host IP] [--port N]\n\
  --host IP   address to bind (default 127.0.0.1)\n\
  --port N    port to bind (default 0: any free port)";

fn parse(args: &[String]) -> Result<contango_sim::SimBuilder, String> {
    let mut builder = contango_sim::Sim::builder();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n, Some(v.to_owned())),
            None => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match name {
            "--port" | "-p" => {
                let v = value()?;
                let port = v
                    .parse::<u16>()
                    .map_err(|_| format!("invalid port `{v}`"))?;
                builder = builder.port(port);
            }
            "--host" => {
                let v = value()?;
                let host = v
                    .parse::<IpAddr>()
                    .map_err(|_| format!("invalid address `{v}`"))?;
                builder = builder.host(host);
            }
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(builder)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let builder = match parse(&args) {
        Ok(b) => b,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("contango-sim: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let sim = match builder.start().await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("contango-sim: cannot start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("contango-sim listening");
    println!("  REST base URL : {}", sim.rest_url());
    println!("  WebSocket URL : {}?listenKey=<key>", sim.ws_url());
    println!("  API key       : {}", sim.api_key());
    println!("  secret        : {}", sim.secret());
    println!(
        "  admin         : POST {}/__sim/{{mark_price,advance_clock,clock_skew,liquidity,close_streams,clear_faults}}",
        sim.rest_url()
    );
    println!("Ctrl-C to stop.");
    let _ = tokio::signal::ctrl_c().await;
    sim.shutdown().await;
    ExitCode::SUCCESS
}
