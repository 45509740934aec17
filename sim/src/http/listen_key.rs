//! Listen keys (`/user_stream/api/v1/listenKey`), answered in the user-stream envelope.

use axum::response::Response;
use contango::ListenKey;

use super::{Ctx, decode, user_stream_ok};
use crate::error::SimResult;

/// `POST`: the account's active key (extended) or a new one.
pub fn create(ctx: &Ctx<'_>) -> SimResult<Response> {
    decode::nothing(ctx)?;
    let key = ctx.shared.lock().create_listen_key(ctx.uid, ctx.now());
    user_stream_ok(Some(&ListenKey { listen_key: key }))
}

/// `PUT /{key}`: keep-alive.
pub fn keep_alive(ctx: &Ctx<'_>, key: &str) -> SimResult<Response> {
    decode::nothing(ctx)?;
    ctx.shared
        .lock()
        .keep_alive_listen_key(ctx.uid, key, ctx.now())?;
    user_stream_ok::<()>(None)
}

/// `DELETE /{key}`: close (and close its streams).
pub fn close(ctx: &Ctx<'_>, key: &str) -> SimResult<Response> {
    decode::nothing(ctx)?;
    ctx.shared
        .lock()
        .close_listen_key(ctx.uid, key, ctx.now())?;
    user_stream_ok::<()>(None)
}
