//! The MCP server's tests: one binary, a module per suite.

mod audit;
mod docs;
mod http;
mod jsonrpc_ids;
mod rehearsal;
mod server;
