//! The names the command line (`contango_cli`, the `contango` binary) defines by hand, which the
//! commands generated from a spec cannot take: an endpoint named like one of its commands, or a
//! parameter like one of its flags, would make the command line ambiguous. `validate` reports
//! such a spec (for the command line only: the SDK has no such names); `emit` names
//! `stream market`'s own flags from here; and a test in the CLI crate compares these lists with
//! the command tree `contango_cli` builds, both ways.

/// The top-level commands every command line has beside one per endpoint (`cli/src/options.rs`).
pub const COMMANDS: &[&str] = &["stream", "record", "watch", "drift", "mcp", "completions"];

/// The global flags, accepted by every command (`cli/src/options.rs`), without their `--`.
pub const GLOBAL_FLAGS: &[&str] = &[
    "base-url",
    "market-url",
    "product",
    "profile",
    "sim",
    "market-from",
    "pace",
    "funding",
    "record",
    "replay",
    "output",
    "jsonl",
    "verbose",
];

/// clap's own: the `help` command beside the subcommands, and every command's `--help`.
pub const CLAP: &[&str] = &["help"];

/// `stream market`'s flag naming the channels to subscribe.
pub const CHANNEL_FLAG: &str = "channel";

/// `stream market`'s flag naming the contracts to subscribe.
pub const CONTRACT_FLAG: &str = "contract";

/// The flags of `stream market` beside one per channel parameter (generated with it, by
/// `generate_cli!`).
pub const MARKET_FLAGS: &[&str] = &[CHANNEL_FLAG, CONTRACT_FLAG];

/// The shorthand flags of a new-order command whose endpoint has the `conditional_orders`
/// helpers: a stop loss and a take profit attached at a price.
pub const STOP_LOSS_FLAG: &str = "stop-loss";

/// See [`STOP_LOSS_FLAG`].
pub const TAKE_PROFIT_FLAG: &str = "take-profit";

/// The flags an endpoint with the `conditional_orders` helpers gets beside its parameters'.
pub const CONDITIONAL_FLAGS: &[&str] = &[STOP_LOSS_FLAG, TAKE_PROFIT_FLAG];

/// The tools an agent's server (`contango mcp`) adds beside one per endpoint, built on the
/// watchers and the SDK: no endpoint may take their names.
pub const TOOLS: &[&str] = &[
    "account_state",
    "book",
    "funding",
    "place_protected_order",
    "check_order",
    "risk_status",
    "backtest_open",
    "backtest_step",
    "backtest_report",
];

/// The tool argument naming the product line (when a spec has more than one): no parameter
/// may take its wire name.
pub const PRODUCT_ARG: &str = "product";

/// The tool argument naming the venue a call goes to (a rehearsal's, or the server's own): no
/// parameter may take its wire name.
pub const VENUE_ARG: &str = "venue";

/// The longest tool name MCP clients take (names are `[A-Za-z0-9_-]`).
pub const TOOL_NAME_MAX: usize = 64;
