//! What the generated command line provides to the hand-written flow of [`crate::run`].

use std::future::Future;

use crate::failure::Failure;
use crate::product::ProductInfo;
use crate::stream::{Sink, Stop};
use crate::target::Target;
use crate::tools::{Gate, ToolError, ToolInfo};

/// An endpoint as `contango drift` chooses what to probe.
#[derive(Debug, Clone, Copy)]
pub struct EndpointInfo {
    /// Its subcommand (`open-orders`).
    pub command: &'static str,
    /// The spec's key (`open_orders`).
    pub key: &'static str,
    /// Whether it only reads (GET).
    pub read_only: bool,
    /// Whether it needs an API key.
    pub needs_key: bool,
    /// Whether it is signed.
    pub signed: bool,
}

/// The command line of one spec, implemented by `generate_cli!`'s `Commands`.
pub trait Api {
    /// The generated SDK client.
    type Client;
    /// The spec's title and description (top-level `--help`).
    const ABOUT: &'static str;
    /// The spec's products, in spec order (the first is the default).
    const PRODUCTS: &'static [ProductInfo];
    /// Whether the spec describes a private stream with listen keys (`contango stream user`).
    const HAS_USER_STREAM: bool;
    /// The endpoints, in spec order.
    const ENDPOINTS: &'static [EndpointInfo];
    /// The text of the spec (drift patches are made against it).
    const SPEC_YAML: &'static str;
    /// The spec file as the SDK's `generate!` named it.
    const SPEC_FILE: &'static str;
    /// The market channels `record market` records when `--channel` is not given: those whose
    /// every parameter has a default (a depth at the finest step, trades, the ticker; not the
    /// candles, whose interval must be chosen).
    const MARKET_DEFAULT_CHANNELS: &'static [&'static str] = &[];

    /// What the client's answers and streams held that the spec does not describe.
    fn drift(client: &Self::Client) -> contango_runtime::drift::DriftReport;

    /// Notes in the client's drift log what a recorded answer of `endpoint` (the spec's key)
    /// holds that the spec does not describe; `false` when the spec has no such endpoint.
    fn drift_answer(client: &Self::Client, endpoint: &str, status: u16, body: &[u8]) -> bool;

    /// Notes in the client's drift log what a recorded server frame of `stream` (`user`,
    /// `market`; gzip already inflated) holds that the spec does not describe.
    fn drift_frame(client: &Self::Client, stream: &str, payload: &[u8]);

    /// One subcommand per endpoint, named after it in kebab-case.
    fn commands() -> Vec<clap::Command>;

    /// `contango stream market` with a flag per channel parameter, when the spec describes a
    /// market stream.
    fn market_command() -> Option<clap::Command>;

    /// The SDK client for a target (base URL, product, credentials).
    fn client(target: &Target) -> Result<Self::Client, Failure>;

    /// Puts risk limits (a profile's `[risk]` table) in front of the client's new orders:
    /// `false` when the spec's orders are not contango's own, which `contango::risk` reads.
    fn guard(client: &Self::Client, limits: contango::risk::RiskLimits) -> bool;

    /// Runs endpoint subcommand `command` with its arguments through the SDK; the answer as JSON
    /// with exact decimals as strings.
    fn call(
        client: &Self::Client,
        command: &str,
        args: &clap::ArgMatches,
    ) -> impl Future<Output = Result<serde_json::Value, Failure>>;

    /// Writes the private stream to `sink` as JSON lines until `stop` completes, then closes the
    /// listen key.
    fn user_stream(
        client: &Self::Client,
        stop: Stop,
        sink: Sink,
    ) -> impl Future<Output = Result<(), Failure>>;

    /// The endpoints as tools for agents (all but the listen-key ones), in spec order.
    const TOOLS: &'static [ToolInfo];

    /// Calls tool `tool` with `args` (checked against its input schema already, the product
    /// argument taken out): decoded into the endpoint's request, admitted by `gate`, sent through
    /// the SDK; the answer as the tool's structured content.
    fn call_tool(
        client: &Self::Client,
        tool: &str,
        args: serde_json::Map<String, serde_json::Value>,
        gate: &dyn Gate,
    ) -> impl Future<Output = Result<serde_json::Value, ToolError>> + Send;

    /// Subscribes every (contract, channel) pair of `stream market`'s arguments, refusing
    /// parameters outside the spec's limits before connecting, and writes the market stream to
    /// `sink` as JSON lines until `stop` completes.
    fn market_stream(
        client: &Self::Client,
        args: &clap::ArgMatches,
        stop: Stop,
        sink: Sink,
    ) -> impl Future<Output = Result<(), Failure>>;
}
