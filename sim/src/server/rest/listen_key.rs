//! Listen keys (`/user_stream/api/v1/listenKey`), answered in the user-stream envelope.

use crate::server::http::Response;
use contango::ListenKey;

use super::{Ctx, decode};
use crate::error::{SimError, SimResult};
use crate::exchange::input::Command;
use crate::server::wire::user_stream_ok;

/// The listen key the path names.
fn key(ctx: &Ctx<'_>) -> SimResult<String> {
    ctx.route
        .params
        .first()
        .map(|(_, v)| v.clone())
        .ok_or_else(|| SimError::param("listenKey"))
}

/// `POST`: the account's active key (extended) or a new one.
pub fn create(ctx: &Ctx<'_>) -> SimResult<Response> {
    decode::nothing(ctx)?;
    let key = ctx.submit(Command::CreateListenKey)?.listen_key()?;
    user_stream_ok(Some(&ListenKey { listen_key: key }))
}

/// `PUT /{key}`: keep-alive.
pub fn keep_alive(ctx: &Ctx<'_>) -> SimResult<Response> {
    decode::nothing(ctx)?;
    ctx.submit(Command::KeepAliveListenKey { key: key(ctx)? })?;
    user_stream_ok::<()>(None)
}

/// `DELETE /{key}`: close (and close its streams).
pub fn close(ctx: &Ctx<'_>) -> SimResult<Response> {
    decode::nothing(ctx)?;
    ctx.submit(Command::CloseListenKey { key: key(ctx)? })?;
    user_stream_ok::<()>(None)
}
