//! `contango mcp` runs the agents' server (its own binary, `contango-mcp`) with its arguments
//! and the global options they share; a missing server is a refusal that says how to install it.

use crate::support::{Harness, finish};

#[test]
fn contango_mcp_runs_the_server_with_its_arguments() {
    let h = Harness::new("mcp");
    // `echo` stands in for the server: what it prints is what the server was given.
    let mut cmd = h.bare();
    cmd.env("CONTANGO_MCP", "/bin/echo").args([
        "--profile",
        "desk",
        "--record",
        "audit.jsonl",
        "mcp",
        "--read-only",
        "--http",
        "127.0.0.1:0",
    ]);
    let run = finish(cmd);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        "--profile desk --record audit.jsonl --read-only --http 127.0.0.1:0"
    );

    let mut cmd = h.bare();
    cmd.env("CONTANGO_MCP", "/nonexistent/contango-mcp")
        .args(["mcp"]);
    let run = finish(cmd);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("cargo install --path mcp"),
        "{}",
        run.stderr
    );
}
