//! The request path's tap: an HTTP exchange recorded as it happens, the request as sent, then
//! its outcome.

use bytes::Bytes;

use super::msg::{HttpAnswer, HttpMsg, Msg};
use super::recorder::Recorder;
use crate::wire::encode::PathParam;

/// An HTTP exchange being recorded: the request as sent, waiting for its outcome.
pub(crate) struct HttpTap<'a> {
    recorder: &'a Recorder,
    msg: HttpMsg,
}

impl Recorder {
    /// Starts recording a request to `url` (path and query as sent).
    pub(crate) fn http_tap(
        &self,
        endpoint: &'static str,
        method: &'static str,
        url: &url::Url,
        body: Option<&[u8]>,
        params: Vec<PathParam>,
        signature: Option<&str>,
    ) -> HttpTap<'_> {
        HttpTap {
            recorder: self,
            msg: HttpMsg {
                at: self.at_us(),
                finished: 0,
                endpoint,
                method,
                path: url.path().to_owned(),
                query: url.query().unwrap_or_default().to_owned(),
                body: body.map(Bytes::copy_from_slice),
                params,
                signature: signature.map(str::to_owned),
                outcome: Err(String::new()),
            },
        }
    }
}

impl HttpTap<'_> {
    /// Records the exchange with its outcome: the answer, or what failed.
    pub(crate) fn finish(mut self, outcome: Result<HttpAnswer, String>) {
        self.msg.outcome = outcome;
        self.msg.finished = self.recorder.at_us().max(self.msg.at);
        self.recorder.send(Msg::Http(Box::new(self.msg)));
    }
}
