//! The market stream: one subscription type per channel (`DepthChannel`), `MarketChannel` over
//! them, the `MarketEvent` enum, history requests (`KlineHistory`), and `MarketStreamApi` wiring
//! them to the runtime's engine, with `Client::market_stream()`.

use super::endpoints::param_checks;
use super::{doc, doc_or, rust_ty};
use crate::ir::{Channel, History, Market, NamePart, Ty};
use crate::naming::{field_ident, type_ident};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

pub fn market(m: &Market) -> TokenStream {
    let channels = m.channels.iter().map(channel);
    let variants: Vec<_> = m.channels.iter().map(|c| type_ident(&c.variant)).collect();
    let subs: Vec<_> = m
        .channels
        .iter()
        .map(|c| type_ident(&format!("{}Channel", c.variant)))
        .collect();
    let payloads: Vec<_> = m.channels.iter().map(|c| type_ident(&c.payload)).collect();
    let docs: Vec<_> = m
        .channels
        .iter()
        .map(|c| {
            doc_or(c.doc.as_deref(), || {
                format!("The `{}` channel.", c.template)
            })
        })
        .collect();
    // Channels with more literal text first: `market_{symbol}_ticker` would also read
    // `market_x_trade_ticker` (symbol `x_trade`).
    let mut order: Vec<usize> = (0..m.channels.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(literal_len(&m.channels[i])));
    // The channel name picks the payload type: once through serde, once through the direct
    // reader, from the same list.
    let dispatch = |read: &dyn Fn(&syn::Ident) -> TokenStream, wrap: TokenStream| {
        order
            .iter()
            .map(|&i| {
                let (v, s) = (&variants[i], &subs[i]);
                let read = read(&payloads[i]);
                quote! {
                    if let ::std::option::Option::Some(c) = #s::parse(channel) {
                        let tick = #read?;
                        return #wrap(MarketEvent::#v(::contango::__private::stream::MarketData {
                            channel: c, ts: ::contango::Millis(0), tick,
                        }));
                    }
                }
            })
            .collect::<Vec<_>>()
    };
    let parses = dispatch(
        &|p| quote!(<#p as ::contango::__private::serde::Deserialize>::deserialize(tick)),
        quote!(::std::result::Result::Ok),
    );
    let channel_tys = order.iter().map(|&i| {
        let (s, p, key) = (&subs[i], &payloads[i], &m.channels[i].key);
        quote! {
            if #s::parse(channel).is_some() {
                return ::std::option::Option::Some((#key, <#p as ::contango::__private::drift::Schema>::ty()));
            }
        }
    });
    let direct_parses = dispatch(
        &|p| quote!(<#p as ::contango::__private::direct::Direct>::direct(r)),
        quote!(::std::option::Option::Some),
    );
    let channel_parses = order.iter().map(|&i| {
        let (v, s) = (&variants[i], &subs[i]);
        quote!(if let ::std::option::Option::Some(c) = #s::parse(name) { return ::std::option::Option::Some(Self::#v(c)); })
    });
    let event_doc = doc(&m.doc);
    let url = &m.url;
    let max_subs = Literal::usize_unsuffixed(m.max_subscriptions as usize);
    let heartbeat = Literal::u64_unsuffixed(m.heartbeat_ms);
    let age = Literal::u64_unsuffixed(m.max_age_ms);
    let (ping, pong, sub, unsub, req, rep) = (
        &m.ping,
        &m.pong,
        &m.subscribe,
        &m.unsubscribe,
        &m.request,
        &m.reply,
    );
    let (lower, type_sep, sep) = (m.lowercase, &m.type_separator, &m.separator);
    let gzip_doc = if m.gzip {
        "Frames arrive gzip-compressed (binary); text frames are read too."
    } else {
        "Frames arrive as text; gzip binary frames are read too."
    };
    quote! {
        #(#channels)*

        /// A subscription to one channel of the market stream.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum MarketChannel {
            #(#docs #variants(#subs),)*
        }

        #(impl ::std::convert::From<#subs> for MarketChannel {
            fn from(c: #subs) -> Self { Self::#variants(c) }
        })*

        impl MarketChannel {
            /// Reads a channel name; `None` for a channel the spec does not list.
            pub fn parse(name: &str) -> ::std::option::Option<Self> {
                #(#channel_parses)*
                ::std::option::Option::None
            }
        }

        impl ::std::fmt::Display for MarketChannel {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&::contango::__private::stream::Subscription::name(self))
            }
        }

        impl ::contango::__private::stream::Subscription for MarketChannel {
            fn name(&self) -> ::std::string::String {
                match self { #(Self::#variants(c) => c.name(),)* }
            }
            fn symbol(&self) -> &str {
                match self { #(Self::#variants(c) => &c.symbol,)* }
            }
            fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
                match self { #(Self::#variants(c) => c.check(),)* }
            }
        }

        #event_doc
        #[derive(Debug, Clone, PartialEq)]
        pub enum MarketEvent {
            #(#docs #variants(::contango::__private::stream::MarketData<#subs, #payloads>),)*
            /// A channel this version of the spec does not list, kept raw so nothing is lost.
            Other {
                /// The channel name.
                channel: ::std::string::String,
                /// The frame's `tick`, as received (empty when it had none).
                raw: ::std::string::String,
            },
        }

        impl MarketEvent {
            /// Decodes a data frame from its envelope: the channel name picks the payload type,
            /// then one typed pass over `tick`.
            pub fn decode(frame: &::contango::__private::stream::MarketFrame<'_>) -> ::std::result::Result<Self, ::contango::__private::serde_json::Error> {
                let ::std::option::Option::Some(channel) = frame.channel.as_deref() else {
                    return ::std::result::Result::Err(<::contango::__private::serde_json::Error as ::contango::__private::serde::de::Error>::missing_field("channel"));
                };
                let mut event = match frame.tick {
                    ::std::option::Option::Some(raw) => Self::decode_tick(channel, &mut ::contango::__private::stream::raw_reader(raw))?,
                    ::std::option::Option::None if MarketChannel::parse(channel).is_some() => {
                        return ::std::result::Result::Err(<::contango::__private::serde_json::Error as ::contango::__private::serde::de::Error>::missing_field("tick"));
                    }
                    ::std::option::Option::None => Self::Other { channel: channel.to_owned(), raw: ::std::string::String::new() },
                };
                event.set_time(::contango::Millis(frame.ts.unwrap_or(0)));
                ::std::result::Result::Ok(event)
            }

            /// Decodes the `tick` of a frame of `channel` straight from a deserializer; an
            /// unlisted channel keeps it raw.
            pub fn decode_tick<'de, D: ::contango::__private::serde::Deserializer<'de>>(channel: &str, tick: D) -> ::std::result::Result<Self, D::Error> {
                #(#parses)*
                ::contango::__private::drift::notice();
                let raw = <::std::boxed::Box<::contango::__private::serde_json::value::RawValue> as ::contango::__private::serde::Deserialize>::deserialize(tick)?;
                ::std::result::Result::Ok(Self::Other { channel: channel.to_owned(), raw: raw.get().to_owned() })
            }

            /// Sets the frame time (frames may carry `ts` after `tick`).
            pub fn set_time(&mut self, ts: ::contango::Millis) {
                match self {
                    #(Self::#variants(d) => d.ts = ts,)*
                    Self::Other { .. } => {}
                }
            }

            /// The channel name of the frame.
            pub fn channel_name(&self) -> ::std::string::String {
                match self {
                    #(Self::#variants(d) => d.channel.name(),)*
                    Self::Other { channel, .. } => channel.clone(),
                }
            }

            /// The symbol of the frame's channel (`e_btcusdt`); `None` for an unlisted channel.
            pub fn symbol(&self) -> ::std::option::Option<&str> {
                match self {
                    #(Self::#variants(d) => ::std::option::Option::Some(&d.channel.symbol),)*
                    Self::Other { .. } => ::std::option::Option::None,
                }
            }
        }

        /// Wires the market stream to this spec: its channels, events and facts. Used through
        /// [`Client::market_stream`].
        #[doc = #gzip_doc]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct MarketStreamApi;

        impl MarketStreamApi {
            /// Decodes one frame as received (gzip binary or text), as the stream does.
            pub fn decode_frame(bytes: &[u8]) -> ::std::result::Result<::contango::__private::stream::MarketMessage<MarketEvent>, ::contango::StreamError> {
                ::contango::__private::stream::decode_market_frame::<Self>(bytes)
            }

            /// How a contract name becomes a channel symbol.
            pub const SYMBOL_RULE: ::contango::__private::stream::SymbolRule = ::contango::__private::stream::SymbolRule {
                lowercase: #lower, type_separator: #type_sep, separator: #sep,
            };
        }

        impl ::contango::__private::stream::MarketApi for MarketStreamApi {
            type Channel = MarketChannel;
            type Event = MarketEvent;
            type Code = ErrorCode;
            const URL_TEMPLATE: &'static str = #url;
            const MAX_SUBSCRIPTIONS: usize = #max_subs;
            const HEARTBEAT: ::std::time::Duration = ::std::time::Duration::from_millis(#heartbeat);
            const MAX_CONNECTION_AGE: ::std::time::Duration = ::std::time::Duration::from_millis(#age);
            const PROTOCOL: ::contango::__private::stream::Protocol = ::contango::__private::stream::Protocol {
                ping: #ping, pong: #pong, subscribe: #sub, unsubscribe: #unsub, request: #req, reply: #rep,
            };
            fn decode(frame: &::contango::__private::stream::MarketFrame<'_>) -> ::std::result::Result<MarketEvent, ::contango::__private::serde_json::Error> {
                MarketEvent::decode(frame)
            }
            fn decode_tick<'de, D: ::contango::__private::serde::Deserializer<'de>>(channel: &str, tick: D) -> ::std::result::Result<MarketEvent, D::Error> {
                MarketEvent::decode_tick(channel, tick)
            }
            fn direct_tick(channel: &str, r: &mut ::contango::__private::direct::Reader<'_>) -> ::std::option::Option<MarketEvent> {
                #(#direct_parses)*
                ::contango::__private::drift::notice();
                ::std::option::Option::Some(MarketEvent::Other { channel: channel.to_owned(), raw: r.raw()?.to_owned() })
            }
            fn channel_ty(channel: &str) -> ::std::option::Option<(&'static str, ::contango::__private::drift::Ty)> {
                #(#channel_tys)*
                ::std::option::Option::None
            }
            fn set_time(event: &mut MarketEvent, ts: ::contango::Millis) {
                event.set_time(ts)
            }
        }

        /// The channel symbol of a contract name (`E-BTC-USDT` -> `e_btcusdt`).
        pub fn market_symbol(contract: &str) -> ::std::string::String {
            MarketStreamApi::SYMBOL_RULE.apply(contract)
        }

        /// The public market stream of a [`Client`]: typed events, gaps and errors.
        pub type MarketStream = ::contango::__private::stream::MarketStream<MarketStreamApi>;
        /// One item of the market stream.
        pub type MarketItem = ::contango::__private::stream::StreamItem<MarketEvent>;

        impl Client {
            /// The public market stream: subscribe to channels, then `connect().await`. Every
            /// subscription is restored after a reconnect; past the server's per-connection
            /// limit, subscriptions are spread over more connections.
            pub fn market_stream(&self) -> ::contango::__private::stream::MarketStreamBuilder<MarketStreamApi> {
                ::contango::__private::stream::MarketStreamBuilder::new(self.core.clone())
            }
        }
    }
}

fn literal_len(c: &Channel) -> usize {
    c.name
        .iter()
        .map(|p| match p {
            NamePart::Lit(l) => l.len(),
            _ => 0,
        })
        .sum()
}

/// A channel's subscription type, and its history request if it has one.
fn channel(c: &Channel) -> TokenStream {
    let name = type_ident(&format!("{}Channel", c.variant));
    let docs = doc_or(c.doc.as_deref(), || {
        format!("The `{}` channel.", c.template)
    });
    let template = &c.template;
    let fields = c.params.iter().map(|p| {
        let i = field_ident(&p.rust);
        let t = rust_ty(&p.ty);
        let d = doc_or(p.doc.as_deref(), || {
            format!("`{}` in the channel name.", p.wire)
        });
        quote!(#d pub #i: #t,)
    });
    let args = c.params.iter().map(|p| {
        let i = field_ident(&p.rust);
        let t = rust_ty(&p.ty);
        quote!(#i: #t)
    });
    let inits = c.params.iter().map(|p| field_ident(&p.rust));
    let pieces = c.name.iter().map(|part| match part {
        NamePart::Lit(l) => quote!(s.push_str(#l);),
        NamePart::Symbol => quote!(s.push_str(&self.symbol);),
        NamePart::Param(i) => {
            let f = field_ident(&c.params[*i].rust);
            quote!(let _ = ::std::fmt::Write::write_fmt(&mut s, format_args!("{}", self.#f));)
        }
    });
    let parts = c.name.iter().map(|part| match part {
        NamePart::Lit(l) => quote!(::contango::__private::stream::TemplatePart::Lit(#l)),
        _ => quote!(::contango::__private::stream::TemplatePart::Hole),
    });
    let mut hole = 0usize;
    let mut reads = Vec::new();
    for part in &c.name {
        let at = Literal::usize_unsuffixed(hole);
        match part {
            NamePart::Lit(_) => continue,
            NamePart::Symbol => reads.push(quote!(symbol: (*holes.get(#at)?).to_owned(),)),
            NamePart::Param(i) => {
                let p = &c.params[*i];
                let f = field_ident(&p.rust);
                let read = match &p.ty {
                    Ty::String => quote!((*holes.get(#at)?).to_owned()),
                    Ty::Enum(e, _) => {
                        let e = type_ident(e);
                        quote!(#e::from_wire_str(holes.get(#at)?))
                    }
                    _ => quote!(holes.get(#at)?.parse().ok()?),
                };
                reads.push(quote!(#f: #read,));
            }
        }
        hole += 1;
    }
    let checks = param_checks(&c.params);
    let history = c.history.as_ref().map(|h| history(c, h));
    let history_ctor = c.history.as_ref().map(|_| {
        let h = type_ident(&format!("{}History", c.variant));
        quote! {
            /// A history request on this channel (`req`), to send with `MarketStream::request`.
            pub fn history(&self) -> #h {
                #h::new(self.clone())
            }
        }
    });
    quote! {
        #docs
        #[doc = ""]
        #[doc = concat!("Channel name: `", #template, "`.")]
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct #name {
            /// The channel's symbol: the contract name by the spec's rule (`e_btcusdt`).
            pub symbol: ::std::string::String,
            #(#fields)*
        }

        impl #name {
            /// The channel of `contract` (a contract name such as `E-BTC-USDT`).
            pub fn new(contract: &str, #(#args),*) -> Self {
                Self { symbol: MarketStreamApi::SYMBOL_RULE.apply(contract), #(#inits),* }
            }

            /// The channel name sent on the wire.
            pub fn name(&self) -> ::std::string::String {
                let mut s = ::std::string::String::with_capacity(48);
                #(#pieces)*
                s
            }

            /// Reads a channel name; `None` when it is not this channel.
            pub fn parse(name: &str) -> ::std::option::Option<Self> {
                const PARTS: &[::contango::__private::stream::TemplatePart] = &[#(#parts),*];
                let holes = ::contango::__private::stream::match_template(PARTS, name)?;
                ::std::option::Option::Some(Self { #(#reads)* })
            }

            /// Refuses parameters outside the spec's limits (nothing is sent).
            pub fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
                ::contango::__private::validate::check_not_empty("symbol", &self.symbol)?;
                #checks
                ::std::result::Result::Ok(())
            }

            #history_ctor
        }

        #history
    }
}

fn history(c: &Channel, h: &History) -> TokenStream {
    let name = type_ident(&format!("{}History", c.variant));
    let sub = type_ident(&format!("{}Channel", c.variant));
    let variant = type_ident(&c.variant);
    let item = type_ident(&h.item);
    let docs = doc_or(h.doc.as_deref(), || {
        format!("A request (`req`) on the `{}` channel.", c.template)
    });
    let fields = h.params.iter().map(|p| {
        let i = field_ident(&p.rust);
        let t = rust_ty(&p.ty);
        let d = doc_or(p.doc.as_deref(), || format!("`{}` of the request.", p.wire));
        quote!(#d pub #i: ::std::option::Option<#t>,)
    });
    let setters = h.params.iter().map(|p| {
        let i = field_ident(&p.rust);
        let t = rust_ty(&p.ty);
        let d = doc_or(p.doc.as_deref(), || format!("Sets `{}`.", p.wire));
        quote!(#d pub fn #i(mut self, v: #t) -> Self { self.#i = ::std::option::Option::Some(v); self })
    });
    let nones = h.params.iter().map(|p| {
        let i = field_ident(&p.rust);
        quote!(#i: ::std::option::Option::None,)
    });
    let pushes = h.params.iter().map(|p| {
        let i = field_ident(&p.rust);
        let w = &p.wire;
        if p.encode_string {
            return quote! {
                if let ::std::option::Option::Some(v) = &self.#i {
                    let text = ::std::string::ToString::to_string(v);
                    if let ::std::result::Result::Ok(json) = ::contango::__private::serde_json::to_string(&text) {
                        params.push((#w, json));
                    }
                }
            };
        }
        quote! {
            if let ::std::option::Option::Some(v) = &self.#i {
                if let ::std::result::Result::Ok(json) = ::contango::__private::serde_json::to_string(v) {
                    params.push((#w, json));
                }
            }
        }
    });
    let checks = param_checks(&h.params);
    quote! {
        #docs
        #[derive(Debug, Clone, PartialEq)]
        pub struct #name {
            /// The channel asked about.
            pub channel: #sub,
            #(#fields)*
        }

        impl #name {
            /// A request on `channel` with no optional parameter set.
            pub fn new(channel: #sub) -> Self {
                Self { channel, #(#nones)* }
            }
            #(#setters)*
        }

        impl ::contango::__private::stream::MarketRequest<MarketStreamApi> for #name {
            type Item = #item;
            fn channel(&self) -> MarketChannel {
                MarketChannel::#variant(self.channel.clone())
            }
            fn params(&self) -> ::std::vec::Vec<(&'static str, ::std::string::String)> {
                let mut params = ::std::vec::Vec::new();
                #(#pushes)*
                params
            }
            fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
                #checks
                ::std::result::Result::Ok(())
            }
        }
    }
}
