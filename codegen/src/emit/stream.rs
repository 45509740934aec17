//! The private stream's `Event` enum: dispatch on the tag, then one typed decode.

use super::doc_or;
use crate::ir::{ListenKey, Stream};
use crate::naming::{field_ident, type_ident};
use quote::quote;

pub fn stream(s: &Stream) -> proc_macro2::TokenStream {
    let variants: Vec<_> = s.events.iter().map(|e| type_ident(&e.variant)).collect();
    let records: Vec<_> = s.events.iter().map(|e| type_ident(&e.record)).collect();
    let docs = s
        .events
        .iter()
        .map(|e| doc_or(e.doc.as_deref(), || format!("`{}` event.", e.wire)));
    let wires: Vec<_> = s.events.iter().map(|e| &e.wire).collect();
    let matches = s.events.iter().zip(&variants).zip(&records).map(|((e, v), r)| {
        let all = std::iter::once(&e.wire).chain(&e.aliases);
        quote!(#(#all)|* => ::contango::__private::direct::from_slice::<#r>(frame).map(Self::#v),)
    });
    let (url, channel, tag) = (&s.url, &s.channel, &s.tag);
    let control = [&s.subscribe, &s.subscribed, &s.ping, &s.pong].map(|n| type_ident(n));
    let [sub, subd, ping, pong] = &control;
    let doc = doc_or(Some(&s.doc), String::new);
    let user_stream = s.listen_key.as_ref().map(|lk| user_stream(lk, s));
    quote! {
        #doc
        #[derive(Debug, Clone, PartialEq)]
        pub enum Event {
            #(#docs #variants(#records),)*
            /// An event type this version of the spec does not list, kept raw so nothing is lost.
            Other {
                /// The value of the tag key.
                event_type: ::std::string::String,
                /// The whole frame as received.
                raw: ::std::string::String,
            },
        }

        impl Event {
            /// Documented WebSocket address; `{host}` and `{listenKey}` are filled in by the client.
            pub const URL_TEMPLATE: &'static str = #url;
            /// Channel named in the subscribe message.
            pub const CHANNEL: &'static str = #channel;
            /// Key of a data frame naming its event type.
            pub const TAG: &'static str = #tag;

            /// Decodes one data frame straight from its bytes: one typed pass when the tag is the
            /// frame's first key (as servers send it), else a tag pass first. The typed pass is
            /// the direct reader, with serde for what it leaves (`contango_runtime::wire::direct`).
            pub fn decode(frame: &[u8]) -> ::std::result::Result<Self, ::contango::__private::serde_json::Error> {
                #[derive(::contango::__private::serde::Deserialize)]
                #[serde(crate = "::contango::__private::serde")]
                struct Tag<'a> {
                    #[serde(rename = #tag, borrow)]
                    tag: ::std::option::Option<::std::borrow::Cow<'a, str>>,
                }
                // The tag pass parses the whole frame; it runs only when the fast read cannot
                // tell, and for unknown types (so a malformed frame is an error, never `Other`).
                // A frame it cannot read is noticed, as every failure of the decode is (a drift check
                // names what is wrong: `contango_runtime::drift::event`).
                let tag_pass = || -> ::std::result::Result<::std::borrow::Cow<'_, str>, ::contango::__private::serde_json::Error> {
                    let t: ::std::result::Result<Tag<'_>, _> = ::contango::__private::serde_json::from_slice(frame);
                    match t.map(|t| t.tag) {
                        ::std::result::Result::Ok(::std::option::Option::Some(tag)) => ::std::result::Result::Ok(tag),
                        other => {
                            ::contango::__private::drift::notice();
                            other.and_then(|_| ::std::result::Result::Err(<::contango::__private::serde_json::Error as ::contango::__private::serde::de::Error>::missing_field(#tag)))
                        }
                    }
                };
                let tag = match ::contango::__private::de::leading_tag(frame, #tag) {
                    ::std::option::Option::Some(t) => ::std::borrow::Cow::Borrowed(t),
                    ::std::option::Option::None => tag_pass()?,
                };
                match tag.as_ref() {
                    #(#matches)*
                    _ => {
                        ::contango::__private::drift::notice();
                        let other = tag_pass()?;
                        ::std::result::Result::Ok(Self::Other {
                            event_type: other.into_owned(),
                            raw: ::std::string::String::from_utf8_lossy(frame).into_owned(),
                        })
                    }
                }
            }

            /// The event type as sent.
            pub fn event_type(&self) -> &str {
                match self {
                    #(Self::#variants(_) => #wires,)*
                    Self::Other { event_type, .. } => event_type,
                }
            }
        }

        /// The control messages of the stream, named by role.
        pub mod stream_control {
            /// Client to server: subscribe.
            pub type Subscribe = super::#sub;
            /// Server to client: subscription acknowledged.
            pub type Subscribed = super::#subd;
            /// Server to client: ping, to be answered with a pong.
            pub type Ping = super::#ping;
            /// Client to server: pong carrying the ping's `ts`.
            pub type Pong = super::#pong;
        }

        #user_stream
    }
}

/// `UserStreamApi` (the runtime's `StreamApi` wired to this spec's listen-key endpoints) and
/// `Client::user_stream()`.
fn user_stream(lk: &ListenKey, s: &Stream) -> proc_macro2::TokenStream {
    let times = s.events.iter().filter_map(|e| {
        let v = type_ident(&e.variant);
        let f = field_ident(e.time_rust.as_ref()?);
        Some(quote!(Event::#v(e) => ::std::option::Option::Some(e.#f.as_millis()),))
    });
    let create = type_ident(&format!("{}Request", lk.create_camel));
    let keep_alive = type_ident(&format!("{}Request", lk.keep_alive_camel));
    let close = type_ident(&format!("{}Request", lk.close_camel));
    let field = field_ident(&lk.field_rust);
    let event_tys = s.events.iter().map(|e| {
        let all = std::iter::once(&e.wire).chain(&e.aliases);
        let (wire, r) = (&e.wire, type_ident(&e.record));
        quote!(#(#all)|* => ::std::option::Option::Some((#wire, <#r as ::contango::__private::drift::Schema>::ty())),)
    });
    let invalid = type_ident(&lk.invalid_variant);
    quote! {
        /// Wires the private stream to this spec: its events, its listen-key endpoints and the
        /// error meaning "unknown listen key". Used through [`Client::user_stream`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct UserStreamApi;

        impl ::contango::__private::stream::StreamApi for UserStreamApi {
            type Event = Event;
            type Code = ErrorCode;
            const CHANNEL: &'static str = Event::CHANNEL;
            const URL_TEMPLATE: &'static str = Event::URL_TEMPLATE;
            const TAG: &'static str = Event::TAG;
            fn decode(frame: &[u8]) -> ::std::result::Result<Event, ::contango::__private::serde_json::Error> {
                Event::decode(frame)
            }
            fn event_ty(tag: &str) -> ::std::option::Option<(&'static str, ::contango::__private::drift::Ty)> {
                match tag {
                    #(#event_tys)*
                    _ => ::std::option::Option::None,
                }
            }
            fn create_key(
                core: &::contango::__private::Core,
            ) -> ::contango::__private::stream::BoxFuture<'_, ::std::result::Result<::std::string::String, Error>> {
                ::std::boxed::Box::pin(async move { core.send(&#create::new()).await.map(|answer| answer.#field) })
            }
            fn keep_alive(
                core: &::contango::__private::Core,
                key: ::std::string::String,
            ) -> ::contango::__private::stream::BoxFuture<'_, ::std::result::Result<(), Error>> {
                ::std::boxed::Box::pin(async move { core.send(&#keep_alive::new(key)).await.map(|_| ()) })
            }
            fn close(
                core: &::contango::__private::Core,
                key: ::std::string::String,
            ) -> ::contango::__private::stream::BoxFuture<'_, ::std::result::Result<(), Error>> {
                ::std::boxed::Box::pin(async move { core.send(&#close::new(key)).await.map(|_| ()) })
            }
            fn is_invalid_key(code: ErrorCode) -> bool {
                code == ErrorCode::#invalid
            }
            #[allow(unreachable_patterns)]
            fn event_time_ms(event: &Event) -> ::std::option::Option<i64> {
                match event {
                    #(#times)*
                    _ => ::std::option::Option::None,
                }
            }
        }

        /// The private event stream of a [`Client`]: typed events, gaps and errors.
        pub type UserStream = ::contango::__private::stream::UserStream<UserStreamApi>;
        /// One item of the private event stream.
        pub type StreamItem = ::contango::__private::stream::StreamItem<Event>;

        impl Client {
            /// The private event stream: obtains a listen key, connects, subscribes, keeps the key
            /// alive, reconnects after failures (yielding a typed gap) and rotates connections
            /// without loss. Configure, then `connect().await` (or `start()`).
            pub fn user_stream(&self) -> ::contango::__private::stream::UserStreamBuilder<UserStreamApi> {
                ::contango::__private::stream::UserStreamBuilder::new(self.core.clone())
            }
        }
    }
}
