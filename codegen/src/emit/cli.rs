//! The command line of a spec: the second expansion of the IR (`generate_cli!`), compiled only by
//! the CLI crate. It emits one `clap` subcommand per endpoint and a dispatcher that fills the
//! SDK's builder for that endpoint and sends it, so the arguments are checked by the SDK's own
//! validation (one validator, one error text) and new orders keep their precheck and dedupe.
//! With a market stream in the spec, `stream market` subscribes through the SDK's market stream
//! builder the same way: a `--channel` value per channel key, a flag per channel parameter
//! (`record market` takes the same flags, and the channels that need none by default).
//!
//! `validate` has checked what the command line needs of the spec (`validate/cli`: no command or
//! flag named like the CLI's own); nothing here can fail.
//!
//! Generated code names the SDK's items (`Client`, `DepthRequest`, `Side`, ...) unqualified: the
//! invoking module brings them into scope (`use contango::*;`). The CLI's support code is named
//! through `::contango_cli::__private`, the runtime's through `::contango`.

use super::endpoints::{method_str, param_text, security_str};
use crate::cli_names::{CHANNEL_FLAG, CONTRACT_FLAG, STOP_LOSS_FLAG, TAKE_PROFIT_FLAG};
use crate::ir::{Endpoint, Enum, Ir, Market, Param, Ty};
use crate::naming::{field_ident, kebab, snake, type_ident};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub fn emit(ir: &Ir) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let title = format!("{} (version {})", ir.title.trim(), ir.version.trim());
    let about = format!("{title}\n\n{}", ir.doc.trim());
    let products = ir.products.iter().map(|pr| {
        let (key, d) = (&pr.key, pr.doc.trim());
        quote!(#p::ProductInfo { key: #key, doc: #d })
    });
    let product_arms = ir.products.iter().map(|pr| {
        let (key, v) = (&pr.key, type_ident(&pr.variant));
        quote!(::std::option::Option::Some(#key) => Product::#v,)
    });
    let commands = ir.endpoints.iter().map(|ep| command(ir, ep));
    let endpoints = ir.endpoints.iter().map(|ep| {
        let (command, key) = (kebab(&ep.name), &ep.name);
        let read_only = matches!(ep.method, crate::ir::Method::Get);
        use crate::ir::Security;
        let needs_key = !matches!(ep.security, Security::None);
        let signed = ep.signed;
        quote!(#p::EndpointInfo { command: #command, key: #key, read_only: #read_only, needs_key: #needs_key, signed: #signed })
    });
    let arms = ir.endpoints.iter().map(dispatch);
    let shapes = shapes(ir);
    let has_stream = ir.stream.as_ref().is_some_and(|s| s.listen_key.is_some());
    let user_stream = match &ir.stream {
        Some(s) if s.listen_key.is_some() => {
            let events = s.events.iter().map(|e| {
                let (v, wire) = (type_ident(&e.variant), &e.wire);
                let shape = shape_static(&e.record);
                quote!(Event::#v(r) => #p::event(#wire, r, &#shape),)
            });
            quote! {
                async fn user_stream(client: &Client, stop: #p::Stop, sink: #p::Sink) -> ::std::result::Result<(), #p::Failure> {
                    fn event_json(event: &Event) -> #p::serde_json::Value {
                        match event {
                            #(#events)*
                            Event::Other { event_type, raw } => #p::raw_event(event_type, raw),
                        }
                    }
                    let connect = async { client.user_stream().connect().await.map_err(#p::Failure::from) };
                    #p::run_stream(connect, event_json, stop, sink).await
                }
            }
        }
        _ => quote! {
            async fn user_stream(_: &Client, _: #p::Stop, _: #p::Sink) -> ::std::result::Result<(), #p::Failure> {
                ::std::result::Result::Err(#p::Failure::Refused("this spec describes no private stream".into()))
            }
        },
    };
    let market_command = match &ir.market {
        Some(m) => {
            let c = market_command(ir, m);
            quote!(::std::option::Option::Some(#c))
        }
        None => quote!(::std::option::Option::None),
    };
    // The channels whose every parameter has a default: what `record market` records unless told.
    let default_channels = ir.market.iter().flat_map(|m| {
        m.channels
            .iter()
            .filter(|c| c.params.iter().all(|p| param_default(p).is_some()))
            .map(|c| snake(&c.variant))
    });
    let market_stream = match &ir.market {
        Some(m) => market_stream(m),
        None => quote! {
            async fn market_stream(_: &Client, _: &#p::clap::ArgMatches, _: #p::Stop, _: #p::Sink) -> ::std::result::Result<(), #p::Failure> {
                ::std::result::Result::Err(#p::Failure::Refused("this spec describes no market stream".into()))
            }
        },
    };
    // `contango drift --from`: a recorded answer goes through its endpoint's drift check, a
    // recorded frame through its stream's.
    let answer_arms = ir.endpoints.iter().map(|ep| {
        let (key, req) = (&ep.name, type_ident(&format!("{}Request", ep.camel)));
        quote!(#key => { let _ = ::contango::__private::answer::<#req>(log, status, body); true })
    });
    let user_frame = has_stream.then(|| {
        quote!("user" => { let _ = ::contango::__private::drift::event::<UserStreamApi>(log, payload); })
    });
    let market_frame = ir.market.as_ref().map(|_| {
        quote!("market" => { let _ = ::contango::__private::drift::market_frame::<MarketStreamApi>(log, payload); })
    });
    // Only a spec with a market stream has a `market_stream_url` setter on its client builder.
    let market_url = ir.market.as_ref().map(|_| {
        quote! {
            if let ::std::option::Option::Some(url) = target.market_url() {
                builder = builder.market_stream_url(url);
            }
        }
    });
    let tools = super::tools::emit(ir);
    quote! {
        #shapes

        /// The command line generated from the spec: one subcommand per endpoint.
        #[derive(Debug, Clone, Copy)]
        pub struct Commands;

        impl #p::Api for Commands {
            type Client = Client;
            const ABOUT: &'static str = #about;
            const PRODUCTS: &'static [#p::ProductInfo] = &[#(#products),*];
            const HAS_USER_STREAM: bool = #has_stream;
            const ENDPOINTS: &'static [#p::EndpointInfo] = &[#(#endpoints),*];
            const SPEC_YAML: &'static str = SPEC_YAML;
            const SPEC_FILE: &'static str = SPEC_FILE;
            const MARKET_DEFAULT_CHANNELS: &'static [&'static str] = &[#(#default_channels),*];

            fn drift(client: &Client) -> ::contango::DriftReport {
                client.drift()
            }

            fn drift_answer(client: &Client, endpoint: &str, status: u16, body: &[u8]) -> bool {
                let log = client.core().drift_log();
                match endpoint {
                    #(#answer_arms)*
                    _ => false,
                }
            }

            #[allow(unused_variables)]
            fn drift_frame(client: &Client, stream: &str, payload: &[u8]) {
                let log = client.core().drift_log();
                match stream {
                    #user_frame
                    #market_frame
                    _ => {}
                }
            }

            fn commands() -> ::std::vec::Vec<#p::clap::Command> {
                ::std::vec![#(#commands),*]
            }

            fn market_command() -> ::std::option::Option<#p::clap::Command> {
                #market_command
            }

            fn client(target: &#p::Target) -> ::std::result::Result<Client, #p::Failure> {
                let mut builder = Client::builder()
                    .base_url(target.base_url())
                    .product(match target.product() {
                        #(#product_arms)*
                        _ => Product::default(),
                    });
                if let ::std::option::Option::Some(credentials) = target.credentials() {
                    builder = builder.credentials(credentials);
                }
                if let ::std::option::Option::Some(recorder) = target.recorder() {
                    builder = builder.recorder(recorder.clone());
                }
                #market_url
                builder.build().map_err(#p::Failure::config)
            }

            fn guard(client: &Client, limits: ::contango::risk::RiskLimits) -> bool {
                ::contango::risk::install_on(
                    client,
                    ::std::sync::Arc::new(::contango::risk::RiskGuard::new(limits)),
                )
            }

            #[allow(deprecated, unused_mut)]
            async fn call(
                client: &Client,
                command: &str,
                args: &#p::clap::ArgMatches,
            ) -> ::std::result::Result<#p::serde_json::Value, #p::Failure> {
                match command {
                    #(#arms)*
                    other => ::std::result::Result::Err(#p::Failure::Refused(::std::format!("unknown command `{other}`"))),
                }
            }

            #user_stream

            #market_stream

            #tools
        }
    }
}

/// The first sentence of a doc text (the one-line `about` of a subcommand).
fn first_sentence(text: &str) -> String {
    let text = text.trim();
    match text.find(". ") {
        Some(i) => text[..=i].to_string(),
        None => text.lines().next().unwrap_or_default().to_string(),
    }
}

fn command(ir: &Ir, ep: &Endpoint) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let name = kebab(&ep.name);
    let about = first_sentence(&ep.doc);
    let under = if ep.user_stream_base || ir.products.is_empty() {
        String::new()
    } else {
        let prefixes: Vec<&str> = ir.products.iter().map(|p| p.prefix.as_str()).collect();
        format!(" under {}", prefixes.join(" or "))
    };
    let mut long = format!(
        "{}\n\n{} {}{under} ({}).",
        ep.doc.trim(),
        method_str(ep.method),
        ep.path,
        security_str(ep)
    );
    if let Some(d) = &ep.deprecated {
        long.push_str(&format!("\n\nDeprecated: {d}"));
    }
    let args = ep.params.iter().map(|param| {
        let id = &param.rust;
        let mut help = param_text(param);
        let parser = value_parser(ir, &param.ty);
        // A list of records: one item per occurrence of the flag.
        let item = list_record(ir, &param.ty);
        if let Some(r) = item {
            let keys: Vec<&str> = r.fields.iter().map(|f| f.wire.as_str()).collect();
            let example: Vec<String> = r
                .fields
                .iter()
                .filter(|f| f.required)
                .map(|f| format!("{}=..", f.wire))
                .collect();
            help.push_str(&format!(
                " Repeatable: one item per flag, as `{}` (keys: {}; values as on the wire, \
                 numbers and true/false as such, other values as text) or as a JSON object.",
                example.join(","),
                keys.join(", ")
            ));
        }
        let action = item.map(|_| quote!(.action(#p::clap::ArgAction::Append)));
        // Arguments of the SDK method are positional, in the same order; the rest are flags.
        let value_name = param.rust.to_uppercase();
        let placement = if param.required && !ep.struct_style {
            quote!(.value_name(#value_name).required(true))
        } else {
            let long = kebab(&param.rust);
            let required = param.required;
            quote!(.long(#long).value_name(#value_name).required(#required))
        };
        // `--side buy` is as clear as `--side BUY`; the value sent is the spec's spelling.
        let ignore_case = matches!(param.ty, Ty::Enum(..));
        quote! {
            .arg(#p::clap::Arg::new(#id) #placement .help(#help) .value_parser(#parser) .ignore_case(#ignore_case) #action)
        }
    });
    let shorthands = ep.conditional.as_ref().map(|_| {
        let flag = |id: &str, what: &str| {
            let help = format!(
                "Attaches a {what} to this OPEN order: once it fills, a MARKET CLOSE of what it \
                 filled when the last trade price reaches PRICE (the mark price or a LIMIT: the \
                 full form, --trigger-order-create-params)"
            );
            quote!(.arg(#p::clap::Arg::new(#id).long(#id).value_name("PRICE").help(#help).value_parser(#p::parse_decimal)))
        };
        let (sl, tp) = (flag(STOP_LOSS_FLAG, "stop loss"), flag(TAKE_PROFIT_FLAG, "take profit"));
        quote!(#sl #tp)
    });
    quote! {
        #p::clap::Command::new(#name).about(#about).long_about(#long) #(#args)* #shorthands
    }
}

/// The record of a list-of-records parameter type.
fn list_record<'a>(ir: &'a Ir, ty: &Ty) -> Option<&'a crate::ir::Record> {
    match ty {
        Ty::List(t) => match t.as_ref() {
            Ty::Record(name) => ir.records.iter().find(|r| &r.name == name),
            _ => None,
        },
        _ => None,
    }
}

fn find_enum<'a>(ir: &'a Ir, name: &str) -> Option<&'a Enum> {
    ir.enums.iter().find(|e| e.name == name)
}

/// The clap value parser of a parameter type: exact decimals, integers, the spec's enum values;
/// any other type is read as JSON (or as a JSON string).
fn value_parser(ir: &Ir, ty: &Ty) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    if let Some(r) = list_record(ir, ty) {
        let t = type_ident(&r.name);
        return quote!(#p::parse_item::<#t>);
    }
    match ty {
        Ty::String => quote!(#p::clap::value_parser!(::std::string::String)),
        Ty::Bool => quote!(#p::clap::value_parser!(bool)),
        Ty::I32 => quote!(#p::clap::value_parser!(i32)),
        Ty::I64 => quote!(#p::clap::value_parser!(i64)),
        Ty::Decimal => quote!(#p::parse_decimal),
        Ty::Millis => quote!(#p::parse_millis),
        Ty::Seconds => quote!(#p::parse_seconds),
        Ty::DurationSeconds => quote!(#p::parse_duration_seconds),
        Ty::DurationMillis => quote!(#p::parse_duration_millis),
        Ty::Enum(n, _) => match find_enum(ir, n) {
            Some(e) => choice(e),
            None => json_parser(ty),
        },
        _ => json_parser(ty),
    }
}

fn json_parser(ty: &Ty) -> TokenStream {
    let t = super::rust_ty(ty);
    quote!(::contango_cli::__private::parse_json::<#t>)
}

/// The spec's values of an enum (with their aliases and docs), mapped to its variants. An
/// integer enum is named by its variant (`cross`) or its number (`1`).
fn choice(e: &Enum) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let ty = type_ident(&e.name);
    let values = e.values.iter().map(|v| {
        let (name, aliases) = if e.integer {
            (kebab(&snake(&v.variant)), {
                let mut a = vec![v.wire.clone()];
                a.extend(v.aliases.iter().cloned());
                a
            })
        } else {
            (v.wire.clone(), v.aliases.clone())
        };
        let help = match &v.doc {
            Some(d) => quote!(::std::option::Option::Some(#d)),
            None => quote!(::std::option::Option::None),
        };
        quote!(#p::ChoiceValue { name: #name, aliases: &[#(#aliases),*], help: #help })
    });
    let n = e.values.len();
    let arms = e.values.iter().enumerate().map(|(i, v)| {
        let var = type_ident(&v.variant);
        if i + 1 == n {
            quote!(_ => #ty::#var,)
        } else {
            quote!(#i => #ty::#var,)
        }
    });
    quote!(#p::clap::builder::TypedValueParser::map(
        #p::Choice::new(&[#(#values),*]),
        |i: usize| match i { #(#arms)* }
    ))
}

fn dispatch(ep: &Endpoint) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let name = kebab(&ep.name);
    let method = field_ident(&ep.name);
    let get = |param: &Param| {
        let (id, t) = (&param.rust, super::rust_ty(&param.ty));
        quote!(#p::required::<#t>(args, #id)?)
    };
    let ctor = if ep.struct_style {
        let st = type_ident(&ep.camel);
        let fields = ep.required().map(|param| {
            let f = field_ident(&param.rust);
            let v = get(param);
            quote!(#f: #v,)
        });
        quote!(client.#method(#st { #(#fields)* }))
    } else {
        let values = ep.required().map(get);
        quote!(client.#method(#(#values),*))
    };
    let setters = ep.optional().map(|param| {
        let (id, f, t) = (
            &param.rust,
            field_ident(&param.rust),
            super::rust_ty(&param.ty),
        );
        match &param.ty {
            Ty::List(item) if matches!(item.as_ref(), Ty::Record(_)) => {
                let t = super::rust_ty(item);
                quote! {
                    let items = #p::many::<#t>(args, #id)?;
                    if !items.is_empty() { builder = builder.#f(items); }
                }
            }
            _ => quote!(if let ::std::option::Option::Some(v) = #p::optional::<#t>(args, #id)? { builder = builder.#f(v); }),
        }
    });
    let shorthands = ep.conditional.as_ref().map(|_| {
        quote! {
            type Price = ::contango::__private::rust_decimal::Decimal;
            if let ::std::option::Option::Some(price) = #p::optional::<Price>(args, #STOP_LOSS_FLAG)? {
                builder = builder.stop_loss(price);
            }
            if let ::std::option::Option::Some(price) = #p::optional::<Price>(args, #TAKE_PROFIT_FLAG)? {
                builder = builder.take_profit(price);
            }
        }
    });
    let answer = match &ep.data {
        Some(ty) => {
            let shape = shape_ref(ty);
            quote!(#p::answer(&builder.send().await?, #shape))
        }
        None => quote!({ builder.send().await?; #p::done() }),
    };
    quote! {
        #name => {
            let mut builder = #ctor;
            #(#setters)*
            #shorthands
            #answer
        }
    }
}

/// `contango stream market`: `--channel` (the spec's channel keys), `--contract`, and one flag
/// per channel parameter (shared by the channels that have it).
fn market_command(ir: &Ir, m: &Market) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let about = "The public market stream, one JSON object per line (`type` is event, gap, \
                 disconnected or error); every (contract, channel) pair is subscribed; Ctrl-C or \
                 SIGTERM closes it and exits 0";
    let long = format!("{about}.\n\n{}", m.doc.trim());
    let values = m.channels.iter().map(|c| {
        let key = snake(&c.variant);
        let help = c.doc.as_deref().unwrap_or(&c.template).trim();
        quote!(#p::clap::builder::PossibleValue::new(#key).help(#help))
    });
    let flags = channel_flags(m);
    let params = flags.iter().map(|(param, keys)| {
        let id = &param.rust;
        let long = kebab(&param.rust);
        let value_name = param.rust.to_uppercase();
        let mut help = param_text(param);
        let default = match param_default(param) {
            Some(d) => format!("default {d}"),
            None => "required with it".to_owned(),
        };
        help.push_str(&format!(" For channel {}; {default}.", keys.join(", ")));
        let parser = value_parser(ir, &param.ty);
        let ignore_case = matches!(param.ty, Ty::Enum(..));
        quote! {
            .arg(#p::clap::Arg::new(#id).long(#long).value_name(#value_name).help(#help)
                .value_parser(#parser).ignore_case(#ignore_case))
        }
    });
    quote! {
        #p::clap::Command::new("market").about(#about).long_about(#long)
            .arg(#p::clap::Arg::new(#CHANNEL_FLAG).long(#CHANNEL_FLAG).value_name("CHANNEL").required(true)
                .action(#p::clap::ArgAction::Append).value_delimiter(',')
                .value_parser(#p::clap::builder::PossibleValuesParser::new([#(#values),*]))
                .help("A channel to subscribe (repeatable, or comma-separated)"))
            .arg(#p::clap::Arg::new(#CONTRACT_FLAG).long(#CONTRACT_FLAG).value_name("CONTRACT").required(true)
                .action(#p::clap::ArgAction::Append)
                .value_parser(#p::clap::value_parser!(::std::string::String))
                .help("A contract name such as E-BTC-USDT (repeatable)"))
            #(#params)*
    }
}

/// One flag per channel parameter name, with the channel keys that have it.
fn channel_flags(m: &Market) -> Vec<(&Param, Vec<String>)> {
    let mut flags: Vec<(&Param, Vec<String>)> = Vec::new();
    for c in &m.channels {
        for param in &c.params {
            let key = snake(&c.variant);
            match flags.iter_mut().find(|(q, _)| q.rust == param.rust) {
                Some((_, keys)) => keys.push(key),
                None => flags.push((param, vec![key])),
            }
        }
    }
    flags
}

/// The value an integer channel parameter takes when its flag is absent: the spec's default,
/// else its `min` (the finest `step` is the exact book). `None`: the flag is required with the
/// channel (every other type, and an unbounded integer).
fn param_default(param: &Param) -> Option<&str> {
    match param.ty {
        Ty::I32 | Ty::I64 => param.default.as_deref().or(param.min.as_deref()),
        _ => None,
    }
}

/// `market_stream`: subscribes every (contract, channel) pair of the flags, then connects and
/// prints the stream. The SDK's `connect` refuses parameters outside the spec's limits (with the
/// SDK's text) before anything is sent.
fn market_stream(m: &Market) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    let flags = channel_flags(m);
    let flag_ids: Vec<&str> = flags.iter().map(|(param, _)| param.rust.as_str()).collect();
    let flag_keys = flags.iter().map(|(_, keys)| keys);
    let arms = m.channels.iter().map(|c| {
        let key = snake(&c.variant);
        let sub = type_ident(&format!("{}Channel", c.variant));
        let reads = c.params.iter().map(|param| {
            let (id, v, t) = (
                &param.rust,
                field_ident(&param.rust),
                super::rust_ty(&param.ty),
            );
            let missing = match param_default(param).map(str::parse::<TokenStream>) {
                Some(Ok(d)) => d,
                _ => {
                    let m = format!("channel `{key}` needs --{}", kebab(&param.rust));
                    quote!(return ::std::result::Result::Err(#p::Failure::Refused(#m.into())))
                }
            };
            quote! {
                let #v: #t = match #p::optional::<#t>(args, #id)? {
                    ::std::option::Option::Some(v) => v,
                    ::std::option::Option::None => #missing,
                };
            }
        });
        let vals = c.params.iter().map(|param| {
            let v = field_ident(&param.rust);
            quote!(::std::clone::Clone::clone(&#v))
        });
        quote! {
            #key => {
                #(#reads)*
                for contract in &contracts {
                    builder = builder.subscribe(#sub::new(contract, #(#vals),*));
                }
            }
        }
    });
    let events = m.channels.iter().map(|c| {
        let (v, key, shape) = (type_ident(&c.variant), snake(&c.variant), shape_static(&c.payload));
        quote!(MarketEvent::#v(d) => #p::market_event(#key, &d.channel.name(), d.ts.0, &d.tick, &#shape),)
    });
    quote! {
        async fn market_stream(
            client: &Client,
            args: &#p::clap::ArgMatches,
            stop: #p::Stop,
            sink: #p::Sink,
        ) -> ::std::result::Result<(), #p::Failure> {
            fn event_json(event: &MarketEvent) -> #p::serde_json::Value {
                match event {
                    #(#events)*
                    MarketEvent::Other { channel, raw } => #p::raw_market_event(channel, raw),
                }
            }
            let contracts: ::std::vec::Vec<::std::string::String> = #p::many(args, #CONTRACT_FLAG)?;
            let chosen: ::std::vec::Vec<::std::string::String> = #p::many(args, #CHANNEL_FLAG)?;
            // A parameter flag none of the chosen channels takes would be silently ignored.
            for (id, keys) in [#((#flag_ids, &[#(#flag_keys),*][..])),*] {
                if #p::given(args, id) && !keys.iter().any(|k| chosen.iter().any(|c| c == k)) {
                    return ::std::result::Result::Err(#p::Failure::Refused(::std::format!(
                        "--{} applies to channel {}, which is not among --channel",
                        id.replace('_', "-"),
                        keys.join(", ")
                    )));
                }
            }
            let mut builder = #p::market_settings(client.market_stream(), args);
            for key in chosen {
                match key.as_str() {
                    #(#arms)*
                    other => {
                        return ::std::result::Result::Err(#p::Failure::Refused(::std::format!("unknown channel `{other}`")));
                    }
                }
            }
            let connect = async { builder.connect().await.map_err(#p::Failure::from) };
            #p::run_stream(connect, event_json, stop, sink).await
        }
    }
}

fn shape_static(record: &str) -> proc_macro2::Ident {
    format_ident!("CLI_SHAPE_{}", snake(record).to_uppercase())
}

fn fields_static(record: &str) -> proc_macro2::Ident {
    format_ident!("CLI_FIELDS_{}", snake(record).to_uppercase())
}

/// A `&'static Shape` for a type: records by their static, the rest promoted constants.
pub(super) fn shape_ref(ty: &Ty) -> TokenStream {
    match ty {
        Ty::Record(n) => {
            let s = shape_static(n);
            quote!(&#s)
        }
        other => {
            let e = shape_expr(other);
            quote!(&#e)
        }
    }
}

/// A `Shape` value for a type: where the decimals (and 64-bit integers) are, so output can
/// write them as strings.
fn shape_expr(ty: &Ty) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    match ty {
        Ty::Decimal => quote!(#p::Shape::Decimal),
        Ty::I64 => quote!(#p::Shape::Id),
        Ty::Record(n) => {
            let s = shape_static(n);
            quote!(#p::Shape::Ref(&#s))
        }
        Ty::List(inner) | Ty::OneOrMany(inner) => match &**inner {
            Ty::Record(n) => {
                let s = shape_static(n);
                quote!(#p::Shape::List(&#s))
            }
            Ty::Decimal => quote!(#p::Shape::List(&#p::Shape::Decimal)),
            Ty::I64 => quote!(#p::Shape::List(&#p::Shape::Id)),
            Ty::List(_) | Ty::OneOrMany(_) => {
                // Lists of lists hold no decimals in any spec so far; keep them as they are.
                quote!(#p::Shape::Plain)
            }
            _ => quote!(#p::Shape::Plain),
        },
        _ => quote!(#p::Shape::Plain),
    }
}

/// One static `Shape` per reachable record (records refer to each other by reference).
fn shapes(ir: &Ir) -> TokenStream {
    let p = quote!(::contango_cli::__private);
    // Events only where the CLI streams them (a stream with listen keys).
    let events = ir.stream.as_ref().is_some_and(|s| s.listen_key.is_some());
    let names = super::carried_types(ir, events);
    let items = ir
        .records
        .iter()
        .filter(|r| names.contains(r.name.as_str()))
        .map(|r| {
            let (shape, fields) = (shape_static(&r.name), fields_static(&r.name));
            let n = r.fields.len();
            if r.array_shape {
                let elems = r.fields.iter().map(|f| shape_expr(&f.ty));
                quote! {
                    static #fields: [#p::Shape; #n] = [#(#elems),*];
                    static #shape: #p::Shape = #p::Shape::Tuple(&#fields);
                }
            } else {
                let elems = r.fields.iter().map(|f| {
                    let (w, e) = (&f.wire, shape_expr(&f.ty));
                    quote!((#w, #e))
                });
                quote! {
                    static #fields: [(&str, #p::Shape); #n] = [#(#elems),*];
                    static #shape: #p::Shape = #p::Shape::Record(&#fields);
                }
            }
        });
    quote!(#(#items)*)
}

#[cfg(test)]
mod tests {
    use crate::pipeline::{Rejected, generate};
    use crate::target::Target;

    const SHIPPED: &str = include_str!("../../../spec/futures.yaml");

    #[test]
    fn the_shipped_spec_expands_to_one_subcommand_per_endpoint() {
        let tokens =
            generate(SHIPPED, Target::Cli).unwrap_or_else(|r| panic!("{:#?}", r.diagnostics));
        let file: syn::File = syn::parse2(tokens).unwrap_or_else(|e| panic!("{e}"));
        let text = prettyplease::unparse(&file);
        for name in [
            "\"depth\"",
            "\"new-order\"",
            "\"cancel-all-orders\"",
            "\"level-edit\"",
        ] {
            assert!(text.contains(&format!("Command::new({name})")), "{name}");
            assert!(text.contains(&format!("{name} =>")), "{name} is dispatched");
        }
        // `level-edit`'s two required parameters are positional (no `.long(..)`), in order.
        let level = text
            .split("Command::new(\"level-edit\")")
            .nth(1)
            .and_then(|t| t.split("Command::new(").next())
            .unwrap_or_default();
        let (contract, leverage) = (level.find("\"contract_name\""), level.find("\"leverage\""));
        assert!(contract.is_some() && contract < leverage, "{level}");
        assert!(!level.contains(".long("), "{level}");
    }

    #[test]
    fn the_market_stream_expands_to_stream_market_with_a_flag_per_channel_parameter() {
        let tokens =
            generate(SHIPPED, Target::Cli).unwrap_or_else(|r| panic!("{:#?}", r.diagnostics));
        let file: syn::File = syn::parse2(tokens).unwrap_or_else(|e| panic!("{e}"));
        let text = prettyplease::unparse(&file);
        // Without whitespace: the pretty printer breaks long calls over lines.
        let text: String = text.split_whitespace().collect();
        let market = text
            .split("Command::new(\"market\")")
            .nth(1)
            .unwrap_or_default();
        for key in ["depth", "trades", "ticker", "kline"] {
            let value = format!("PossibleValue::new(\"{key}\"");
            assert!(market.contains(&value), "{key}");
            assert!(
                text.contains(&format!("\"{key}\"=>")),
                "{key} is subscribed"
            );
        }
        for flag in ["channel", "contract", "step", "interval"] {
            assert!(market.contains(&format!(".long(\"{flag}\")")), "--{flag}");
        }
        assert!(market.contains("default0."), "--step defaults to its min");
        assert!(text.contains("channel`kline`needs--interval"));
        // What `record market` records unless told: the channels no flag is required for.
        let defaults = text
            .split("constMARKET_DEFAULT_CHANNELS:&'static[&'staticstr]=&[")
            .nth(1)
            .and_then(|t| t.split(']').next())
            .unwrap_or_default();
        assert_eq!(
            defaults.trim_end_matches(','),
            r#""depth","trades","ticker""#
        );
    }

    #[test]
    fn a_spec_mistake_is_reported_as_for_the_sdk() {
        let broken = SHIPPED.replace(
            "leverage: { type: i32, required: true, min: 1",
            "leverage: { type: i33, required: true, min: 1",
        );
        let Err(Rejected {
            diagnostics: diags, ..
        }) = generate(&broken, Target::Cli)
        else {
            panic!("a broken spec expands");
        };
        let rendered: Vec<String> = diags
            .iter()
            .map(|d| d.render("spec/futures.yaml"))
            .collect();
        assert!(
            rendered.iter().any(|d| d.starts_with("spec/futures.yaml:")
                && d.contains("endpoints.level_edit.body.leverage")
                && d.contains("i33")),
            "{rendered:#?}"
        );
    }
}
