//! A line as JSON: the flat form every line is written in and read from, the header of either
//! version, and the checks that make a typed [`Entry`] of a line or refuse it by number.

use serde::{Deserialize, Serialize};

use super::line::*;

/// The header as version 2 writes it: the start in microseconds, an integer that JSON readers
/// keep exact (below 2^53 until the year 2255).
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawHeader {
    pub contango_recording: u32,
    pub started_us: i64,
    pub client: String,
}

/// The header as version 1 wrote it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHeaderV1 {
    contango_recording: u32,
    started_ms: i64,
    client: String,
}

/// Every line's keys, flat: what is written and read. `kind` says which are present; the
/// typed [`Recorded`] is made from it and checked ([`Raw::into_entry`]).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    /// Version 1's time, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// Version 2's time, in microseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_us: Option<u64>,
    pub kind: Kind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub generated: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_hex: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arguments: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conn: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dir: Option<Direction>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub binary: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub gzip: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<ClosedBy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset_us: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_trip_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_us: Option<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub channels: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Kind {
    #[default]
    Http,
    Connect,
    Frame,
    Close,
    Lost,
    Clock,
    Gap,
    Tool,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Http => "http",
            Kind::Connect => "connect",
            Kind::Frame => "frame",
            Kind::Close => "close",
            Kind::Lost => "lost",
            Kind::Clock => "clock",
            Kind::Gap => "gap",
            Kind::Tool => "tool",
        }
    }
}

impl Raw {
    /// The line of `recorded` at `at_us`, as this version writes it.
    pub fn of(at_us: u64, recorded: Recorded) -> Raw {
        let mut raw = Raw {
            at_us: Some(at_us),
            ..Raw::default()
        };
        match recorded {
            Recorded::Http(x) => {
                raw.kind = Kind::Http;
                raw.finished_us = x.finished_us;
                raw.endpoint = Some(x.endpoint);
                raw.method = Some(x.method);
                raw.path = Some(x.path);
                raw.query = Some(x.query).filter(|q| !q.is_empty());
                raw.body = x.body;
                raw.generated = x.generated;
                match x.outcome {
                    Outcome::Answer(a) => {
                        raw.status = Some(a.status);
                        raw.content_type = a.content_type;
                        raw.retry_after = a.retry_after;
                        match a.body {
                            Payload::Text(t) => raw.response = Some(t),
                            Payload::Bytes(b) => raw.response_hex = Some(hex::encode(b)),
                        }
                    }
                    Outcome::Failed(e) => raw.error = Some(e),
                }
            }
            Recorded::Connect { conn, stream, url } => {
                raw.kind = Kind::Connect;
                raw.conn = Some(conn);
                raw.stream = Some(stream);
                raw.url = Some(url);
            }
            Recorded::Frame(f) => {
                raw.kind = Kind::Frame;
                raw.conn = Some(f.conn);
                raw.dir = Some(f.dir);
                raw.binary = f.binary;
                raw.gzip = f.gzip;
                match f.payload {
                    Payload::Text(t) => raw.text = Some(t),
                    Payload::Bytes(b) => raw.hex = Some(hex::encode(b)),
                }
            }
            Recorded::Close {
                conn,
                by,
                code,
                reason,
            } => {
                raw.kind = Kind::Close;
                raw.conn = Some(conn);
                raw.by = Some(by);
                raw.code = code;
                raw.reason = Some(reason);
            }
            Recorded::Lost { count } => {
                raw.kind = Kind::Lost;
                raw.count = Some(count);
            }
            Recorded::Clock {
                offset_us,
                round_trip_us,
            } => {
                raw.kind = Kind::Clock;
                raw.offset_us = Some(offset_us);
                raw.round_trip_us = round_trip_us;
            }
            Recorded::Gap {
                stream,
                from_us,
                to_us,
                reason,
                channels,
            } => {
                raw.kind = Kind::Gap;
                raw.stream = Some(stream);
                raw.from_us = Some(from_us);
                raw.to_us = Some(to_us);
                raw.reason = Some(reason);
                raw.channels = channels;
            }
            Recorded::Tool(call) => {
                raw.kind = Kind::Tool;
                raw.tool = Some(call.name);
                raw.arguments = Some(call.arguments);
                raw.result = call.result;
                raw.error = call.error;
            }
        }
        raw
    }

    /// When the line happened, in microseconds, by the keys of `version`.
    fn time(&self, version: u32) -> Result<u64, String> {
        if version == VERSION_1 {
            if self.at_us.is_some() || self.finished_us.is_some() {
                return Err(format!(
                    "`{}` is a version-2 key: a version-1 line has `at` (milliseconds)",
                    if self.at_us.is_some() {
                        "at_us"
                    } else {
                        "finished_us"
                    }
                ));
            }
            if matches!(self.kind, Kind::Clock | Kind::Gap | Kind::Tool) {
                return Err(format!(
                    "a {} line needs format version {} (the header says 1)",
                    self.kind.name(),
                    if self.kind == Kind::Tool {
                        VERSION
                    } else {
                        VERSION_2
                    }
                ));
            }
            let ms = self.at.ok_or_else(|| "a line needs `at`".to_owned())?;
            return ms
                .checked_mul(1_000)
                .ok_or_else(|| format!("`at` {ms} is too large"));
        }
        if self.at.is_some() {
            return Err("`at` is version 1's: a later line has `at_us` (microseconds)".into());
        }
        if self.kind == Kind::Tool && version < VERSION {
            return Err(format!(
                "a tool line needs format version {VERSION} (the header says {version})"
            ));
        }
        if self.kind != Kind::Http && self.finished_us.is_some() {
            return Err(format!("a {} line has no `finished_us`", self.kind.name()));
        }
        self.at_us.ok_or_else(|| "a line needs `at_us`".to_owned())
    }

    /// The typed entry, or what is missing or contradictory.
    fn into_entry(self, line: usize, version: u32) -> Result<Entry, String> {
        let at_us = self.time(version)?;
        let kind = self.kind;
        let need = |v: Option<String>, key: &str| v.ok_or_else(|| missing(kind, key));
        let payload = |text: Option<String>, hex: Option<String>, keys: [&str; 2]| match (text, hex)
        {
            (Some(t), None) => Ok(Payload::Text(t)),
            (None, Some(h)) => hex::decode(&h)
                .map(Payload::Bytes)
                .map_err(|e| format!("`{}` is not hexadecimal: {e}", keys[1])),
            (None, None) => Err(format!("needs `{}` or `{}`", keys[0], keys[1])),
            (Some(_), Some(_)) => Err(format!("has both `{}` and `{}`", keys[0], keys[1])),
        };
        let recorded = match kind {
            Kind::Http => {
                let outcome = match (self.status, self.error) {
                    (Some(status), None) => {
                        if !(100..=599).contains(&status) {
                            return Err(format!("`status` {status} is not an HTTP status"));
                        }
                        Outcome::Answer(Answer {
                            status,
                            content_type: self.content_type,
                            retry_after: self.retry_after,
                            body: payload(
                                self.response,
                                self.response_hex,
                                ["response", "response_hex"],
                            )?,
                        })
                    }
                    (None, Some(e)) => Outcome::Failed(e),
                    (None, None) => return Err("an http line needs `status` or `error`".into()),
                    (Some(_), Some(_)) => {
                        return Err("an http line has `status` or `error`, not both".into());
                    }
                };
                let finished_us = match (version, self.finished_us) {
                    (VERSION_1, _) => None,
                    (_, None) => return Err(missing(kind, "finished_us")),
                    (_, Some(f)) if f < at_us => {
                        return Err(format!(
                            "`finished_us` {f} is before the sending (`at_us` {at_us})"
                        ));
                    }
                    (_, f) => f,
                };
                Recorded::Http(Exchange {
                    endpoint: self.endpoint.unwrap_or_default(),
                    method: need(self.method, "method")?,
                    path: need(self.path, "path")?,
                    query: self.query.unwrap_or_default(),
                    body: self.body,
                    generated: self.generated,
                    outcome,
                    finished_us,
                })
            }
            Kind::Connect => Recorded::Connect {
                conn: self.conn.ok_or_else(|| missing(kind, "conn"))?,
                stream: need(self.stream, "stream")?,
                url: need(self.url, "url")?,
            },
            Kind::Frame => Recorded::Frame(Frame {
                conn: self.conn.ok_or_else(|| missing(kind, "conn"))?,
                dir: self.dir.ok_or_else(|| missing(kind, "dir"))?,
                binary: self.binary,
                gzip: self.gzip,
                payload: payload(self.text, self.hex, ["text", "hex"])?,
            }),
            Kind::Close => Recorded::Close {
                conn: self.conn.ok_or_else(|| missing(kind, "conn"))?,
                by: self.by.ok_or_else(|| missing(kind, "by"))?,
                code: self.code,
                reason: self.reason.unwrap_or_default(),
            },
            Kind::Lost => Recorded::Lost {
                count: self.count.ok_or_else(|| missing(kind, "count"))?,
            },
            Kind::Clock => Recorded::Clock {
                offset_us: self.offset_us.ok_or_else(|| missing(kind, "offset_us"))?,
                round_trip_us: self.round_trip_us,
            },
            Kind::Gap => {
                let from_us = self.from_us.ok_or_else(|| missing(kind, "from_us"))?;
                let to_us = self.to_us.ok_or_else(|| missing(kind, "to_us"))?;
                if to_us < from_us {
                    return Err(format!(
                        "a gap ends (`to_us` {to_us}) before it starts (`from_us` {from_us})"
                    ));
                }
                Recorded::Gap {
                    stream: need(self.stream, "stream")?,
                    from_us,
                    to_us,
                    reason: self.reason.unwrap_or_default(),
                    channels: self.channels,
                }
            }
            Kind::Tool => {
                if self.result.is_some() == self.error.is_some() {
                    return Err("a tool line has `result` or `error`, one of them".into());
                }
                Recorded::Tool(ToolCall {
                    name: need(self.tool, "tool")?,
                    arguments: need(self.arguments, "arguments")?,
                    result: self.result,
                    error: self.error,
                })
            }
        };
        Ok(Entry {
            line,
            at_us,
            at_ms: at_us / 1_000,
            recorded,
        })
    }
}

/// The entry of line `n` (its text `line`) of a recording of `version`, or why it is not one.
pub(super) fn read_line(n: usize, line: &str, version: u32) -> Result<Entry, String> {
    let raw: Raw = serde_json::from_str(line).map_err(|e| e.to_string())?;
    raw.into_entry(n, version)
}

fn missing(kind: Kind, key: &str) -> String {
    let article = if kind == Kind::Http { "an" } else { "a" };
    format!("{article} {} line needs `{key}`", kind.name())
}

/// The header of either version, or why it is not one.
pub(super) fn read_header(head: &str) -> Result<Header, String> {
    let value: serde_json::Value =
        serde_json::from_str(head).map_err(|e| format!("the header is not JSON: {e}"))?;
    let bad = |e: serde_json::Error| format!("bad header: {e}");
    match value
        .get("contango_recording")
        .map(serde_json::Value::as_u64)
    {
        Some(Some(v)) if v == u64::from(VERSION) || v == u64::from(VERSION_2) => {
            let h: RawHeader = serde_json::from_str(head).map_err(bad)?;
            Ok(Header {
                contango_recording: h.contango_recording,
                started_us: h.started_us,
                started_ms: h.started_us.div_euclid(1_000),
                client: h.client,
            })
        }
        Some(Some(v)) if v == u64::from(VERSION_1) => {
            let h: RawHeaderV1 = serde_json::from_str(head).map_err(bad)?;
            Ok(Header {
                contango_recording: h.contango_recording,
                started_us: h
                    .started_ms
                    .checked_mul(1_000)
                    .ok_or_else(|| format!("`started_ms` {} is too large", h.started_ms))?,
                started_ms: h.started_ms,
                client: h.client,
            })
        }
        Some(Some(v)) => Err(format!(
            "format version {v}; this contango reads versions {VERSION_1} to {VERSION} \
             (a newer contango wrote it?)"
        )),
        _ => Err("not a contango recording (no `contango_recording` version)".into()),
    }
}

#[cfg(test)]
mod tests;
