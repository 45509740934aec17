//! Per endpoint: a plain-data request type, its `Endpoint` impl (validation, wire encoding,
//! decoding) and a thin builder. The heavy lifting is the runtime's shared generic code.

use super::{doc, rust_ty};
use crate::ir::{Endpoint, Location, Method, Param, PathSeg, Security, Ty};
use crate::naming::{field_ident, type_ident};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// How a setter or argument takes a value: strings by `impl Into<String>`, the rest as is.
pub fn arg_ty(t: &Ty) -> TokenStream {
    match t {
        Ty::String => quote!(impl ::std::convert::Into<::std::string::String>),
        other => rust_ty(other),
    }
}

fn arg_conv(p: &Param) -> TokenStream {
    let i = field_ident(&p.rust);
    match p.ty {
        Ty::String => quote!(#i.into()),
        _ => quote!(#i),
    }
}

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

pub fn endpoint(ep: &Endpoint) -> TokenStream {
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
        // Requests decode as leniently as responses (the simulator reads them with these types).
        let (ty, attrs) = if p.required {
            (t, quote!(#[serde(rename = #w, deserialize_with = "::contango::__private::de::wire")]))
        } else {
            (quote!(::std::option::Option<#t>), quote!(#[serde(rename = #w, default, skip_serializing_if = "::std::option::Option::is_none", deserialize_with = "::contango::__private::de::wire")]))
        };
        quote!(#d #attrs pub #i: #ty,)
    });

    // Constructor: arguments, or the struct of required parameters.
    let required: Vec<&Param> = ep.required().collect();
    let optional_init = ep.optional().map(|p| {
        let i = field_ident(&p.rust);
        quote!(#i: ::std::option::Option::None,)
    });
    let (ctor_args, ctor_init, required_struct) = if ep.struct_style {
        let rs = type_ident(&ep.camel);
        let rs_fields = required.iter().map(|p| {
            let i = field_ident(&p.rust);
            let t = rust_ty(&p.ty);
            let d = param_doc(p);
            quote!(#d pub #i: #t,)
        });
        let moves = required.iter().map(|p| {
            let i = field_ident(&p.rust);
            quote!(#i: required.#i,)
        });
        let rs_doc = doc(&format!(
            "The required parameters of [`Client::{}`], named so that values of one type cannot be swapped.",
            ep.name
        ));
        (
            quote!(required: #rs),
            quote!(#(#moves)*),
            quote! {
                #rs_doc
                #[derive(Debug, Clone, PartialEq)]
                pub struct #rs { #(#rs_fields)* }
            },
        )
    } else {
        let args = required.iter().map(|p| {
            let i = field_ident(&p.rust);
            let t = arg_ty(&p.ty);
            quote!(#i: #t)
        });
        let inits = required.iter().map(|p| {
            let i = field_ident(&p.rust);
            let c = arg_conv(p);
            quote!(#i: #c,)
        });
        (quote!(#(#args),*), quote!(#(#inits)*), quote!())
    };
    let call_args: Vec<TokenStream> = if ep.struct_style {
        vec![quote!(required)]
    } else {
        required
            .iter()
            .map(|p| {
                let i = field_ident(&p.rust);
                quote!(#i)
            })
            .collect()
    };

    let setters: Vec<TokenStream> = ep.optional().map(|p| {
        let i = field_ident(&p.rust);
        let t = arg_ty(&p.ty);
        let c = arg_conv(p);
        let d = param_doc(p);
        quote!(#d pub fn #i(mut self, #i: #t) -> Self { self.request.#i = ::std::option::Option::Some(#c); self })
    }).collect();
    let req_setters = ep.optional().map(|p| {
        let i = field_ident(&p.rust);
        let t = arg_ty(&p.ty);
        let c = arg_conv(p);
        let d = param_doc(p);
        quote!(#d pub fn #i(mut self, #i: #t) -> Self { self.#i = ::std::option::Option::Some(#c); self })
    });

    let validation = validation(ep);
    let path = ep.segments.iter().map(|s| match s {
        PathSeg::Lit(l) => quote!(out.literal(#l);),
        PathSeg::Param(i) => {
            let f = field_ident(&ep.params[*i].rust);
            quote!(out.param(&self.#f);)
        }
    });
    let query = writes(ep, Location::Query);
    let body = writes(ep, Location::Body);
    let decode = match &ep.data {
        None => quote!(::contango::__private::de::ignore(d)),
        Some(Ty::OneOrMany(_)) => quote!(::contango::__private::de::one_or_many(d)),
        Some(_) => quote!(::contango::__private::de::wire(d)),
    };
    let direct = match &ep.data {
        None => quote!(r.skip()),
        Some(Ty::OneOrMany(_)) => quote!(::contango::__private::direct::one_or_many(r)),
        Some(_) => quote!(::contango::__private::direct::Direct::direct(r)),
    };
    let response = ep.data.as_ref().map_or(quote!(()), rust_ty);
    let name = &ep.name;
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
    let has_body = ep.method != Method::Get;
    let method_doc = doc(&format!(
        "{}\n\n`{} {}` ({}).",
        ep.doc.trim(),
        method_str(ep.method),
        ep.path,
        security_str(ep.security)
    ));
    let builder_doc = doc(&format!(
        "Builder of [`Client::{}`]: set optional parameters, then `send()`.",
        ep.name
    ));

    let rate_group = &ep.rate_group;
    let precheck = ep.precheck.as_ref().map(|path| {
        let path: syn::Path =
            syn::parse_str(path).unwrap_or_else(|_| syn::parse_quote!(missing_precheck));
        // The request's own limits first: a bad argument is refused before any network use.
        quote! {
            if client.core().prechecks() {
                ::contango::__private::endpoint::Endpoint::validate(self)
                    .map_err(Error::InvalidArgument)?;
                #path(client, self).await?;
            }
        }
    });
    let (send_call, send_doc) = match &ep.dedupe {
        Some(d) => {
            let key = field_ident(&d.key_rust);
            (
                quote!(client.core().send_deduplicated(self).await),
                doc(&format!(
                    "Sends the request and decodes the answer. Never sent twice by accident: it always \
                     carries a `{key}` (generated when unset); after an ambiguous outcome the client looks \
                     it up by that id and resends once only if the server does not have it."
                )),
            )
        }
        None => (
            quote!(client.core().send(self).await),
            doc("Sends the request and decodes the answer."),
        ),
    };
    let dedupe_impl = ep.dedupe.as_ref().map(|d| dedupe(&req, d, &ep.data));

    quote! {
        #required_struct

        #req_doc
        #[derive(Debug, Clone, PartialEq, ::contango::__private::serde::Serialize, ::contango::__private::serde::Deserialize)]
        #[serde(crate = "::contango::__private::serde")]
        pub struct #req { #(#fields)* }

        impl #req {
            /// A request with the required parameters; optional ones are unset.
            pub fn new(#ctor_args) -> Self {
                Self { #ctor_init #(#optional_init)* }
            }
            #(#req_setters)*
        }

        impl ::contango::__private::endpoint::Endpoint for #req {
            type Response = #response;
            type Code = ErrorCode;
            const RATE_GROUP: &'static str = #rate_group;
            const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
                name: #name,
                method: ::contango::__private::endpoint::Method::#method,
                base: ::contango::__private::endpoint::Base::#base,
                security: ::contango::__private::endpoint::Security::#security,
                envelope: ::contango::__private::endpoint::Envelope::#envelope,
                error_table: #table,
                idempotent: #idempotent,
                has_body: #has_body,
            };
            fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
                #validation
                ::std::result::Result::Ok(())
            }
            fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) { #(#path)* }
            #[allow(unused_variables)]
            fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) { #query }
            #[allow(unused_variables)]
            fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) { #body }
            fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self::Response, D::Error> {
                #decode
            }
            fn direct_data(r: &mut ::contango::__private::direct::Reader<'_>) -> ::std::option::Option<Self::Response> {
                #direct
            }
        }

        #builder_doc
        #[derive(Debug, Clone)]
        #[must_use = "a request does nothing until `send()` is awaited"]
        pub struct #builder<'a> {
            client: &'a Client,
            request: #req,
        }

        impl<'a> #builder<'a> {
            #(#setters)*
            /// The request as it stands.
            pub fn request(&self) -> &#req { &self.request }
            #send_doc
            pub async fn send(self) -> ::std::result::Result<#response, Error> {
                self.client.send(&self.request).await
            }
        }

        impl SendRequest for #req {
            #[allow(clippy::manual_async_fn)]
            fn send_with<'a>(&'a self, client: &'a Client) -> impl ::std::future::Future<Output = ::std::result::Result<#response, Error>> + ::std::marker::Send + 'a {
                async move {
                    #precheck
                    #send_call
                }
            }
        }

        #dedupe_impl

        impl Client {
            #method_doc
            #deprecated
            pub fn #method_name(&self, #ctor_args) -> #builder<'_> {
                #builder { client: self, request: #req::new(#(#call_args),*) }
            }
        }
    }
}

fn writes(ep: &Endpoint, loc: Location) -> TokenStream {
    let w = ep.params.iter().filter(|p| p.location == loc).map(|p| {
        let i = field_ident(&p.rust);
        let wire = &p.wire;
        match (p.required, loc) {
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
        Ty::Millis | Ty::Seconds => {
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

pub fn security_str(s: Security) -> &'static str {
    match s {
        Security::None => "public",
        Security::Trade => "TRADE, signed",
        Security::UserData => "USER_DATA, signed",
        Security::UserStream => "USER_STREAM, API key",
        Security::MarketData => "MARKET_DATA, API key",
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
