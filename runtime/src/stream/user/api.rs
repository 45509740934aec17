//! What generated code provides to the stream: decoding and the listen-key calls.

use futures_core::future::BoxFuture;

use crate::error::{ApiCode, Error};
use crate::http::client::Core;

/// The documented WebSocket address; `{host}` is the client's base URL host (and port),
/// `{listenKey}` the listen key (percent-encoded).
pub const DEFAULT_URL_TEMPLATE: &str = "wss://{host}/stream?listenKey={listenKey}";

/// The generated side of the private event stream.
///
/// Implemented by generated code (one type per spec); the runtime never names generated types.
/// All functions are associated functions so the implementing type can be a unit struct.
///
/// A generated implementation is typically:
///
/// ```ignore
/// impl StreamApi for UserStreamApi {
///     type Event = Event;
///     type Code = ErrorCode;
///     const CHANNEL: &'static str = Event::CHANNEL;
///     const URL_TEMPLATE: &'static str = Event::URL_TEMPLATE;
///     fn decode(frame: &[u8]) -> Result<Event, serde_json::Error> { Event::decode(frame) }
///     fn create_key(core: &Core) -> BoxFuture<'_, Result<String, Error<ErrorCode>>> {
///         Box::pin(async move {
///             core.send(&CreateListenKeyRequest::new()).await.map(|k| k.listen_key)
///         })
///     }
///     // keep_alive / close likewise with KeepAliveListenKeyRequest / CloseListenKeyRequest
///     fn is_invalid_key(code: ErrorCode) -> bool { code == ErrorCode::InvalidListenKey }
/// }
/// ```
pub trait StreamApi: Send + Sync + 'static {
    /// The decoded event (the generated `Event` enum, whose `Other` variant keeps unknown event
    /// types raw).
    type Event: Send + 'static;
    /// The generated error-code vocabulary.
    type Code: ApiCode;
    /// Channel named in the subscribe message (`user_account_update`); the acknowledgement
    /// carries it as its `event`.
    const CHANNEL: &'static str;
    /// Default WebSocket address template (see [`DEFAULT_URL_TEMPLATE`]).
    const URL_TEMPLATE: &'static str = DEFAULT_URL_TEMPLATE;

    /// Key of a data frame naming its event type (`e`).
    const TAG: &'static str;

    /// Decodes one data frame (already decompressed) straight from its bytes. What the spec does
    /// not describe, and any failure, is reported with [`crate::drift::notice`] (the generated
    /// decoders do): only a noticed frame is checked for drift.
    fn decode(frame: &[u8]) -> Result<Self::Event, serde_json::Error>;

    /// The spec's name of the event type `tag` (aliases resolved) and its type; `None` for an
    /// event type the spec does not list (drift).
    fn event_ty(tag: &str) -> Option<(&'static str, crate::drift::Ty)>;

    /// The server's event time of `event` in milliseconds, when it has one; reported in
    /// [`Gap::last_event_ms`](crate::stream::Gap::last_event_ms) so a resync can start from it.
    fn event_time_ms(event: &Self::Event) -> Option<i64> {
        let _ = event;
        None
    }

    /// Creates a listen key (POST); the server returns the account's active key, extended, when
    /// it has one.
    fn create_key(core: &Core) -> BoxFuture<'_, Result<String, Error<Self::Code>>>;

    /// Extends the validity of `key` (PUT).
    fn keep_alive(core: &Core, key: String) -> BoxFuture<'_, Result<(), Error<Self::Code>>>;

    /// Closes `key` and its streams (DELETE).
    fn close(core: &Core, key: String) -> BoxFuture<'_, Result<(), Error<Self::Code>>>;

    /// Whether `code` means the listen key does not exist (INVALID_LISTEN_KEY, -1150 in the
    /// user-stream table).
    fn is_invalid_key(code: Self::Code) -> bool;
}
