//! `contango-mcp`: the exchange as MCP tools, generated from the spec at compile time with the
//! command line (`contango_cli::tools`), served over stdio or streamable HTTP on `rmcp`, the
//! official Rust SDK of the Model Context Protocol. Paper by default, on the embedded simulator;
//! live only when asked, and then every destructive call is confirmed by the person.
//!
//! [`server`] is the protocol's side, generic over a spec's command line ([`contango_cli::Api`]);
//! [`schema`] checks arguments against a tool's input schema; [`venue`] holds the clients a
//! call goes to; [`composite`] the tools beside the endpoints; [`rehearsal`] the tools that
//! open a recorded market and step it.

pub mod composite;
pub mod gate;
pub mod http;
pub mod listing;
pub mod outcome;
pub mod rehearsal;
pub mod run;
pub mod schema;
pub mod server;
pub mod shipped;
pub mod trader;
pub mod venue;
