//! What the servers put on the wire: REST answers in the interface's envelopes and error format,
//! a response that drops the connection, and WebSocket frames (text, or gzip in a binary frame).

use contango::ErrorCode;
use futures_util::SinkExt;
use hyper::StatusCode;
use hyper::header::{self, HeaderValue};
use serde::Serialize;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

use super::http::{Body, Response, WebSocket, typed};

use crate::error::{SimError, SimResult};

/// A JSON answer with `status`.
pub fn json(status: u16, body: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    typed(status, "application/json", body)
}

/// The interface's error answer: `{"code":<n>,"msg":"..."}` with the error's HTTP status.
pub fn error_response(e: &SimError) -> Response {
    let mut r = json(e.status, e.body());
    if let Some(secs) = e.retry_after {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    r
}

/// The answer of a status fault: 5xx in the interface's error format, other statuses empty.
pub fn fault_status(status: u16) -> Response {
    if (500..600).contains(&status) {
        let e = SimError::new(ErrorCode::InternalError).status(status);
        return error_response(&e);
    }
    json(status, String::new())
}

/// A response whose body fails: hyper aborts the connection, the client gets no answer.
pub fn dropped() -> Response {
    Response::new(Body::failing())
}

/// A bare answer: the value itself.
pub fn bare<T: Serialize>(value: &T) -> SimResult<Response> {
    Ok(json(
        200,
        serde_json::to_string(value).map_err(SimError::internal)?,
    ))
}

/// A v2 answer: `{"code":"0","msg":"Success","data":...}` (`data` null for `None`).
pub fn wrapped<T: Serialize>(data: Option<&T>) -> SimResult<Response> {
    #[derive(Serialize)]
    struct Envelope<'a, T> {
        code: &'static str,
        msg: &'static str,
        data: Option<&'a T>,
    }
    let body = serde_json::to_string(&Envelope {
        code: "0",
        msg: "Success",
        data,
    })
    .map_err(SimError::internal)?;
    Ok(json(200, body))
}

/// A listen-key answer: `{"msg":"succ","code":200[,"data":...]}`.
pub fn user_stream_ok<T: Serialize>(data: Option<&T>) -> SimResult<Response> {
    #[derive(Serialize)]
    struct Envelope<'a, T> {
        msg: &'static str,
        code: u16,
        #[serde(skip_serializing_if = "Option::is_none")]
        data: Option<&'a T>,
    }
    let body = serde_json::to_string(&Envelope {
        msg: "succ",
        code: 200,
        data,
    })
    .map_err(SimError::internal)?;
    Ok(json(200, body))
}

/// Sends a close frame with `code` and `reason` (nothing when the peer already went away).
pub async fn send_close(socket: &mut WebSocket, close: Option<(u16, &'static str)>) {
    if let Some((code, reason)) = close {
        let frame = CloseFrame {
            code: code.into(),
            reason: reason.into(),
        };
        let _ = socket.send(Message::Close(Some(frame))).await;
    }
}

/// A server frame: text, or gzip-compressed binary.
pub fn frame(text: String, gzip: bool) -> Message {
    if !gzip {
        return Message::Text(text.into());
    }
    match compress(text.as_bytes()) {
        Some(bytes) => Message::Binary(bytes.into()),
        None => Message::Text(text.into()),
    }
}

thread_local! {
    /// libdeflate, as the client inflates with: whole frames, no stream state to keep; one
    /// compressor a thread, its tables allocated once.
    static DEFLATE: std::cell::RefCell<libdeflater::Compressor> =
        std::cell::RefCell::new(libdeflater::Compressor::new(libdeflater::CompressionLvl::fastest()));
}

/// `bytes` as a gzip member.
fn compress(bytes: &[u8]) -> Option<Vec<u8>> {
    DEFLATE.with(|c| {
        let mut c = c.borrow_mut();
        let mut out = vec![0; c.gzip_compress_bound(bytes.len())];
        let n = c.gzip_compress(bytes, &mut out).ok()?;
        out.truncate(n);
        Some(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    #[test]
    fn frames_text_or_gzip() {
        let text = r#"{"event":"ping","ts":"1"}"#.to_owned();
        assert_eq!(
            frame(text.clone(), false),
            Message::Text(text.clone().into())
        );
        let Message::Binary(bytes) = frame(text.clone(), true) else {
            panic!("binary expected");
        };
        let mut out = String::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_string(&mut out)
            .expect("gzip");
        assert_eq!(out, text);
    }
}
