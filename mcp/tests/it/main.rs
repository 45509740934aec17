//! The MCP server's tests: one binary, a module per suite.

mod jsonrpc_ids;
mod server;
