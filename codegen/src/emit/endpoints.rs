//! Per endpoint: a plain-data request type, its `Endpoint` impl (validation, wire encoding,
//! decoding) and a thin builder, as one invocation of the runtime's `endpoint!` that lists what
//! differs per endpoint. The heavy lifting is the runtime's shared generic code. `ENDPOINTS`
//! lists every endpoint's metadata, for whatever dispatches on method and path; `each_endpoint`
//! hands generic code every request type, in the same order.

use super::records::Paths;
use super::{doc, rust_ty};
use crate::ir::{
    ConditionalOrders, ContractLimits, Endpoint, Location, Method, Param, PathSeg, Precheck,
    Security, Ty,
};
use crate::naming::{field_ident, type_ident};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

fn param_doc(p: &Param) -> TokenStream {
    doc(&param_text(p))
}

/// A parameter's documentation with its default and limits (rustdoc and the CLI's `--help`).
pub fn param_text(p: &Param) -> String {
    let mut text = p
        .doc
        .clone()
        .unwrap_or_else(|| format!("`{}` on the wire.", p.wire));
    let mut limits = Vec::new();
    if let Some(d) = &p.default {
        limits.push(format!("server default {d}"));
    }
    match (&p.min, &p.max) {
        (Some(a), Some(b)) => limits.push(format!("{a} to {b}")),
        (Some(a), None) => limits.push(format!("at least {a}")),
        (None, Some(b)) => limits.push(format!("at most {b}")),
        _ => {}
    }
    if let Some(m) = p.max_len {
        limits.push(format!("at most {m} characters"));
    }
    if !limits.is_empty() {
        let trimmed = text.trim_end().trim_end_matches('.').to_string();
        text = format!("{trimmed} ({}).", limits.join("; "));
    }
    text
}

/// How a constructor or setter argument is taken (the runtime's `endpoint!`): strings by
/// `impl Into<String>`, the rest as is.
fn conv(t: &Ty) -> TokenStream {
    match t {
        Ty::String => quote!(into),
        _ => quote!(same),
    }
}

/// One endpoint: the runtime's `endpoint!` with what differs per endpoint, plus the struct of
/// required parameters and the dedupe impl where the spec has them.
pub fn endpoint(ep: &Endpoint, paths: &Paths) -> TokenStream {
    let req = type_ident(&format!("{}Request", ep.camel));
    let builder = type_ident(&format!("{}Builder", ep.camel));
    let method_name = field_ident(&ep.name);
    let req_doc = doc(&format!(
        "Request of [`Client::{}`]: {}\n\n`{} {}`",
        ep.name,
        ep.doc.trim(),
        method_str(ep.method),
        ep.path
    ));
    let deprecated = ep
        .deprecated
        .as_ref()
        .map(|d| quote!(#[deprecated(note = #d)]));

    let fields = ep.params.iter().map(|p| {
        let i = field_ident(&p.rust);
        let w = &p.wire;
        let t = rust_ty(&p.ty);
        let d = param_doc(p);
        if p.required {
            quote!(#d #i: #t { wire: #w, presence: req, serde: [], },)
        } else {
            let optional = paths.optional();
            quote!(#d #i: #t { wire: #w, presence: opt, serde: [#optional], },)
        }
    });

    // Constructor: arguments, or the struct of required parameters.
    let required: Vec<&Param> = ep.required().collect();
    let (ctor, required_struct) = if ep.struct_style {
        let rs = type_ident(&ep.camel);
        let rs_fields = required.iter().map(|p| {
            let i = field_ident(&p.rust);
            let t = rust_ty(&p.ty);
            let d = param_doc(p);
            quote!(#d pub #i: #t,)
        });
        let moved = required.iter().map(|p| field_ident(&p.rust));
        let rs_doc = doc(&format!(
            "The required parameters of [`Client::{}`], named so that values of one type cannot be swapped.",
            ep.name
        ));
        (
            quote!(new [required: same #rs] from required [#(#moved)*]),
            quote! {
                #rs_doc
                #[derive(Debug, Clone, PartialEq)]
                pub struct #rs { #(#rs_fields)* }
            },
        )
    } else {
        let args = required.iter().map(|p| {
            let i = field_ident(&p.rust);
            let c = conv(&p.ty);
            let t = rust_ty(&p.ty);
            quote!(#i: #c #t)
        });
        (quote!(new [#(#args),*]), quote!())
    };
    let setters = ep.optional().map(|p| {
        let i = field_ident(&p.rust);
        let c = conv(&p.ty);
        let t = rust_ty(&p.ty);
        let d = param_doc(p);
        quote!(#d #i: #c #t,)
    });

    let validation = validation(ep);
    let path = ep.segments.iter().map(|s| match s {
        PathSeg::Lit(l) => quote!(out.literal(#l);),
        PathSeg::Param(i) => {
            let f = field_ident(&ep.params[*i].rust);
            let wire = &ep.params[*i].wire;
            quote!(out.param(#wire, &self.#f);)
        }
    });
    let query = writes(ep, Location::Query);
    let body = writes(ep, Location::Body);
    let data = match &ep.data {
        None => quote!(none),
        Some(Ty::OneOrMany(_)) => quote!(one_or_many),
        Some(_) => quote!(wire),
    };
    let response = ep.data.as_ref().map_or(quote!(()), rust_ty);
    let name = &ep.name;
    let template = &ep.path;
    let table = &ep.table;
    let method = match ep.method {
        Method::Get => quote!(Get),
        Method::Post => quote!(Post),
        Method::Put => quote!(Put),
        Method::Delete => quote!(Delete),
    };
    let security = match ep.security {
        Security::None => quote!(None),
        Security::Trade => quote!(Trade),
        Security::UserData => quote!(UserData),
        Security::UserStream => quote!(UserStream),
        Security::MarketData => quote!(MarketData),
    };
    let base = if ep.user_stream_base {
        quote!(UserStream)
    } else {
        quote!(Product)
    };
    let envelope = if ep.wrapped {
        quote!(Wrapped)
    } else {
        quote!(Bare)
    };
    let idempotent = ep.idempotent;
    let signed = ep.signed;
    let has_body = ep.method != Method::Get;
    let method_doc = doc(&format!(
        "{}\n\n`{} {}` ({}).",
        ep.doc.trim(),
        method_str(ep.method),
        ep.path,
        security_str(ep)
    ));
    let builder_doc = doc(&format!(
        "Builder of [`Client::{}`]: set optional parameters, then `send()`.",
        ep.name
    ));

    let rate_group = &ep.rate_group;
    let (precheck, guard, precheck_impl) = match &ep.precheck {
        Some(Precheck::Path(path)) => {
            let path: syn::Path =
                syn::parse_str(path).unwrap_or_else(|_| syn::parse_quote!(missing_precheck));
            (Some(quote!(#path)), None, None)
        }
        Some(Precheck::ContractLimits(c)) => {
            let f = field_ident(&format!("{}_contract_limits", ep.name));
            let g = field_ident(&format!("{}_risk_guard", ep.name));
            (
                Some(quote!(#f)),
                Some(quote!(#g)),
                Some(contract_limits(&f, &g, &req, c)),
            )
        }
        None => (None, None, None),
    };
    let (send, send_doc) = match &ep.dedupe {
        Some(d) => {
            let key = field_ident(&d.key_rust);
            (
                quote!(dedupe),
                doc(&format!(
                    "Sends the request and decodes the answer. Never sent twice by accident: it always \
                     carries a `{key}` (generated when unset); after an ambiguous outcome the client looks \
                     it up by that id and resends once only if the server does not have it."
                )),
            )
        }
        None => (
            quote!(plain),
            doc("Sends the request and decodes the answer."),
        ),
    };
    let dedupe_impl = ep.dedupe.as_ref().map(|d| dedupe(&req, d, &ep.data));
    let helpers = ep
        .conditional
        .as_deref()
        .map(|c| conditional_orders(&req, &builder, c));

    quote! {
        #required_struct

        ::contango::__private::endpoint! {
            #req_doc
            request #req { #(#fields)* }
            #ctor
            setters { #(#setters)* }
            meta {
                response: #response,
                rate_group: #rate_group,
                name: #name,
                method: #method,
                path: #template,
                base: #base,
                security: #security,
                signed: #signed,
                envelope: #envelope,
                errors: #table,
                idempotent: #idempotent,
                has_body: #has_body,
                decode: #data,
            }
            impl (self, out) {
                validate { #validation }
                path { #(#path)* }
                query { #query }
                body { #body }
            }
            #builder_doc
            builder #builder;
            #send_doc
            send #send [#precheck] [#guard];
            #method_doc
            #deprecated
            method #method_name;
        }

        #dedupe_impl
        #precheck_impl
        #helpers
    }
}

/// `ENDPOINTS`: every endpoint's `EndpointMeta`, in spec order, one table to dispatch on; and
/// `each_endpoint`, the same endpoints as types, in the same order, for generic code.
pub fn table(endpoints: &[Endpoint]) -> TokenStream {
    let reqs: Vec<Ident> = endpoints
        .iter()
        .map(|ep| type_ident(&format!("{}Request", ep.camel)))
        .collect();
    let doc_table = doc(
        "Every endpoint of the spec, in spec order: its name, method, path template (`{name}` \
         marks a path parameter), base and security, what a server routes on and a harness \
         enumerates. Each entry is the request type's `Endpoint::META`; [`each_endpoint`] gives \
         the same endpoints as types.",
    );
    let doc_each = doc(
        "Calls `v.endpoint::<XRequest>()` with every endpoint's request type, in spec order (the \
         order of [`ENDPOINTS`]), for code that needs each endpoint as a type (its response, its \
         decoding). Generic: nothing of it is compiled unless it is called.",
    );
    quote! {
        #doc_table
        pub const ENDPOINTS: &[::contango::__private::endpoint::EndpointMeta] =
            &[#(<#reqs as ::contango::__private::endpoint::Endpoint>::META),*];
        #doc_each
        pub fn each_endpoint(v: &mut impl ::contango::__private::endpoint::EachEndpoint) {
            #(v.endpoint::<#reqs>();)*
        }
    }
}

/// The built-in `conditional_orders` helpers of request `req` and its builder.
fn conditional_orders(req: &Ident, builder: &Ident, c: &ConditionalOrders) -> TokenStream {
    let f = |n: &String| field_ident(n);
    let t = |n: &String| type_ident(n);
    let order = t(&c.order);
    let [
        contract,
        volume,
        amount,
        price,
        condition,
        trigger_price,
        position_id,
        client_order_id,
    ] = [
        &c.contract_name,
        &c.volume,
        &c.amount,
        &c.price,
        &c.condition_order,
        &c.trigger_price,
        &c.position_id,
        &c.client_order_id,
    ]
    .map(f);
    let (side, side_enum, [buy, sell]) = (f(&c.side.0), t(&c.side.1), c.side.2.each_ref().map(t));
    let (order_type, type_enum, [limit, market]) = (
        f(&c.order_type.0),
        t(&c.order_type.1),
        c.order_type.2.each_ref().map(t),
    );
    let (margin, margin_enum) = (f(&c.position_type.0), t(&c.position_type.1));
    let (open, open_enum, close) = (f(&c.open.0), t(&c.open.1), t(&c.open.2));
    let (trigger, trigger_enum, [stop_loss, take_profit]) = (
        f(&c.trigger_type.0),
        t(&c.trigger_type.1),
        c.trigger_type.2.each_ref().map(t),
    );
    let (watch, watch_enum, [last, mark]) = (
        f(&c.trigger_price_type.0),
        t(&c.trigger_price_type.1),
        c.trigger_price_type.2.each_ref().map(t),
    );
    let (places, places_enum, whole) = (
        f(&c.trigger_order_type.0),
        t(&c.trigger_order_type.1),
        t(&c.trigger_order_type.2),
    );
    let (attached, item) = (f(&c.attached.0), t(&c.attached.1));
    let [
        item_id,
        item_trigger,
        item_watch,
        item_price,
        item_type,
        item_order_price,
    ] = c.item.each_ref().map(f);
    quote! {
        ::contango::__private::conditional_orders! {
            request #req builder #builder {
                order: #order {
                    contract_name: #contract,
                    side: #side: #side_enum { buy: #buy, sell: #sell },
                    order_type: #order_type: #type_enum { limit: #limit, market: #market },
                    position_type: #margin: #margin_enum,
                    open: #open: #open_enum { close: #close },
                    volume: #volume,
                    amount: #amount,
                    price: #price,
                },
                condition_order: #condition,
                trigger_type: #trigger: #trigger_enum { stop_loss: #stop_loss, take_profit: #take_profit },
                trigger_price_type: #watch: #watch_enum { last: #last, mark: #mark },
                trigger_price: #trigger_price,
                trigger_order_type: #places: #places_enum { position: #whole },
                position_id: #position_id,
                client_order_id: #client_order_id,
                attached: #attached: #item {
                    client_order_id: #item_id,
                    trigger_type: #item_trigger,
                    trigger_price_type: #item_watch,
                    trigger_price: #item_price,
                    order_type: #item_type,
                    price: #item_order_price,
                },
            }
        }
    }
}

/// The built-in `contract_limits` precheck of request `req`, defined as function `f`, and the
/// risk guard of its orders, `g`.
fn contract_limits(f: &Ident, g: &Ident, req: &Ident, c: &ContractLimits) -> TokenStream {
    let [name, volume, price, order_type, lookup, symbol, status] = [
        &c.contract_name,
        &c.volume,
        &c.price,
        &c.order_type,
        &c.lookup,
        &c.symbol,
        &c.status,
    ]
    .map(|n| field_ident(n));
    let [order_enum, market, contract, status_enum, not_trading] = [
        &c.order_enum,
        &c.market,
        &c.contract,
        &c.status_enum,
        &c.not_trading,
    ]
    .map(|n| type_ident(n));
    let limits = c.limits.iter().map(|(limit, field)| {
        let (limit, field) = (field_ident(limit), field_ident(field));
        quote!(#limit: #field,)
    });
    let inverse = c.inverse.iter().map(|v| type_ident(v));
    let by_name = match &c.lookup_name {
        Some(setter) => {
            let setter = field_ident(setter);
            quote!(optional #setter)
        }
        None => quote!(required),
    };
    quote! {
        ::contango::__private::contract_limits! {
            precheck #f guard #g for #req {
                contract_name: #name,
                volume: #volume,
                price: #price,
                market: #order_type == #order_enum::#market,
            }
            lookup #lookup(#by_name) -> #contract {
                symbol: #symbol,
                not_trading: #status == #status_enum::#not_trading,
                #(#limits)*
            }
            inverse products [#(#inverse)*]
        }
    }
}

fn writes(ep: &Endpoint, loc: Location) -> TokenStream {
    let w = ep.params.iter().filter(|p| p.location == loc).map(|p| {
        let i = field_ident(&p.rust);
        let wire = &p.wire;
        let text = quote!(::std::string::ToString::to_string);
        match (p.required, loc) {
            (true, Location::Body) if p.encode_string => {
                quote!(out.field(#wire, &#text(&self.#i));)
            }
            (false, Location::Body) if p.encode_string => {
                quote!(out.opt(#wire, &self.#i.as_ref().map(#text));)
            }
            (true, Location::Body) => quote!(out.field(#wire, &self.#i);),
            (false, Location::Body) => quote!(out.opt(#wire, &self.#i);),
            (true, _) => quote!(out.pair(#wire, &self.#i);),
            (false, _) => quote!(out.opt(#wire, &self.#i);),
        }
    });
    quote!(#(#w)*)
}

fn bound(p: &Param, text: &Option<String>) -> TokenStream {
    let Some(t) = text else {
        return quote!(::std::option::Option::None);
    };
    match p.ty {
        Ty::Decimal => {
            let (mantissa, scale) = decimal_parts(t);
            let m = Literal::i64_unsuffixed(mantissa);
            quote!(::std::option::Option::Some(::contango::__private::rust_decimal::Decimal::new(#m, #scale)))
        }
        Ty::Millis | Ty::Seconds | Ty::DurationSeconds | Ty::DurationMillis => {
            let n = Literal::i64_unsuffixed(t.parse().unwrap_or_default());
            let ty = rust_ty(&p.ty);
            quote!(::std::option::Option::Some(#ty(#n)))
        }
        _ => {
            let n = Literal::i64_unsuffixed(t.parse().unwrap_or_default());
            quote!(::std::option::Option::Some(#n))
        }
    }
}

/// `"-12.50"` -> (-1250, 2); validated beforehand to be a plain decimal.
fn decimal_parts(t: &str) -> (i64, u32) {
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    let digits = format!("{int}{frac}");
    (digits.parse().unwrap_or_default(), frac.len() as u32)
}

/// The local checks of `params` on `self` (non-empty required strings, ranges, lengths): one
/// validator for endpoints and market-stream channels.
pub fn param_checks(params: &[crate::ir::Param]) -> TokenStream {
    let mut checks = Vec::new();
    for p in params {
        let i = field_ident(&p.rust);
        let wire = &p.wire;
        let access = if p.required {
            quote!(::std::option::Option::Some(&self.#i))
        } else {
            quote!(self.#i.as_ref())
        };
        if p.required && p.ty == Ty::String {
            checks
                .push(quote!(::contango::__private::validate::check_not_empty(#wire, &self.#i)?;));
        }
        if p.min.is_some() || p.max.is_some() {
            let (min, max) = (bound(p, &p.min), bound(p, &p.max));
            checks.push(quote!(if let ::std::option::Option::Some(v) = #access { ::contango::__private::validate::check_range(#wire, v, #min, #max)?; }));
        }
        if let Some(m) = p.max_len {
            let m = Literal::usize_unsuffixed(m as usize);
            checks.push(quote!(if let ::std::option::Option::Some(v) = #access { ::contango::__private::validate::check_max_len(#wire, v, #m)?; }));
        }
    }
    quote!(#(#checks)*)
}

fn validation(ep: &Endpoint) -> TokenStream {
    let checks = param_checks(&ep.params);
    let mut checks = vec![checks];
    for rule in &ep.at_least_one_of {
        let pairs = rule.iter().map(|&i| {
            let p = &ep.params[i];
            let f = field_ident(&p.rust);
            let w = &p.wire;
            quote!((#w, self.#f.is_some()))
        });
        checks.push(quote!(::contango::__private::validate::at_least_one_of(&[#(#pairs),*])?;));
    }
    quote!(#(#checks)*)
}

pub fn method_str(m: Method) -> &'static str {
    match m {
        Method::Get => "GET",
        Method::Post => "POST",
        Method::Put => "PUT",
        Method::Delete => "DELETE",
    }
}

pub fn security_str(ep: &Endpoint) -> &'static str {
    match (ep.security, ep.signed) {
        (Security::None, _) => "public",
        (Security::Trade, true) => "TRADE, signed",
        (Security::Trade, false) => "TRADE, API key",
        (Security::UserData, true) => "USER_DATA, signed",
        (Security::UserData, false) => "USER_DATA, API key",
        (Security::UserStream, true) => "USER_STREAM, signed",
        (Security::UserStream, false) => "USER_STREAM, API key",
        (Security::MarketData, true) => "MARKET_DATA, signed",
        (Security::MarketData, false) => "MARKET_DATA, API key",
    }
}

/// The `Dedupe` impl: the client id, the lookup request, and the answer rebuilt from the lookup.
fn dedupe(req: &proc_macro2::Ident, d: &crate::ir::Dedupe, data: &Option<Ty>) -> TokenStream {
    use crate::ir::Fill;
    let key = field_ident(&d.key_rust);
    let lookup = type_ident(&format!("{}Request", d.lookup_camel));
    let fill = |src: TokenStream, f: &Fill| match f {
        Fill::Same(n) => {
            let n = field_ident(n);
            quote!(#src.#n.clone())
        }
        Fill::Wrap(n) => {
            let n = field_ident(n);
            quote!(::std::option::Option::Some(#src.#n.clone()))
        }
        Fill::Unwrap(n) => {
            let n = field_ident(n);
            quote!(#src.#n.clone().unwrap_or_default())
        }
        Fill::Nothing => quote!(::std::option::Option::None),
    };
    let lookup_fields = d.lookup_fields.iter().map(|(dst, f)| {
        let dst = field_ident(dst);
        let v = fill(quote!(self), f);
        quote!(#dst: #v,)
    });
    let answer = type_ident(&d.answer_record);
    let answer_fields = d.answer_fields.iter().map(|(dst, f)| {
        let dst = field_ident(dst);
        let v = match f {
            // A required answer field missing from the record: this record is not usable.
            Fill::Unwrap(n) => {
                let n = field_ident(n);
                quote!(r.#n?)
            }
            other => fill(quote!(r), other),
        };
        quote!(#dst: #v,)
    });
    let key_filter = d.found_key.as_ref().map(|(k, optional)| {
        let k = field_ident(k);
        if *optional {
            quote!(.filter(|r| r.#k.is_some() && r.#k.as_deref() == self.#key.as_deref()))
        } else {
            quote!(.filter(|r| ::std::option::Option::Some(r.#k.as_str()) == self.#key.as_deref()))
        }
    });
    let lookup_response = match data {
        Some(_) => quote!(<#lookup as ::contango::__private::endpoint::Endpoint>::Response),
        None => quote!(()),
    };
    let not_found = type_ident(&d.not_found_variant);
    quote! {
        impl ::contango::__private::dedupe::Dedupe for #req {
            type Lookup = #lookup;
            fn client_id(&mut self) -> &mut ::std::option::Option<::std::string::String> {
                &mut self.#key
            }
            fn lookup(&self) -> #lookup {
                #lookup { #(#lookup_fields)* }
            }
            #[allow(clippy::clone_on_copy, clippy::question_mark)]
            fn found(&self, answer: #lookup_response) -> ::std::option::Option<#answer> {
                answer.into_iter()#key_filter.find_map(|r| ::std::option::Option::Some(#answer { #(#answer_fields)* }))
            }
            fn is_not_found(code: ErrorCode) -> bool {
                code == ErrorCode::#not_found
            }
        }
    }
}
