//! `ErrorCode`: every code of every table, resolved per table (the same number can mean two things).

use super::doc_or;
use crate::ir::{Ir, Retry};
use crate::naming::type_ident;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

pub fn error_codes(ir: &Ir) -> TokenStream {
    let mut variants = Vec::new();
    let mut docs = Vec::new();
    let mut codes = Vec::new();
    let mut names = Vec::new();
    let mut messages = Vec::new();
    let mut retries = Vec::new();
    let mut tables = Vec::new();
    let mut lookups = Vec::new();
    for t in &ir.tables {
        let tname = &t.name;
        let arms = t.codes.iter().map(|c| {
            let v = type_ident(&c.variant);
            let n = Literal::i64_suffixed(c.code);
            quote!(#n => Self::#v,)
        });
        lookups.push(quote!(#tname => match code { #(#arms)* _ => Self::Unknown(code) },));
        for c in &t.codes {
            variants.push(type_ident(&c.variant));
            docs.push(doc_or(c.doc.as_deref(), || {
                format!(
                    "`{}` ({}, table `{}`): {}.",
                    c.code, c.name, t.name, c.message
                )
            }));
            codes.push(Literal::i64_suffixed(c.code));
            names.push(c.name.clone());
            messages.push(c.message.clone());
            tables.push(t.name.clone());
            retries.push(match c.retry {
                Retry::Never => quote!(Never),
                Retry::Safe => quote!(Safe),
                Retry::ResyncClock => quote!(ResyncClock),
                Retry::BackOff => quote!(BackOff),
                Retry::Ambiguous => quote!(Ambiguous),
            });
        }
    }
    let success = ir.tables.iter().map(|t| {
        let n = &t.name;
        let s = t.success.iter().map(|c| Literal::i64_suffixed(*c));
        quote!(#n => matches!(code, #(#s)|*),)
    });
    let table_docs = ir.tables.iter().map(|t| {
        let line = format!(" - `{}`: {}", t.name, t.doc.trim());
        quote!(#[doc = #line])
    });
    quote! {
        /// Every error code the spec's error tables define, plus `Unknown` for codes they do not list.
        ///
        /// A wire code is resolved in the table of the endpoint that answered, so `-1150` is
        /// `InvalidListenKey` from a listen-key endpoint and `TooManyDecimalPlaces` elsewhere.
        /// The tables:
        #(#table_docs)*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ErrorCode {
            #(#docs #variants,)*
            /// A code no table of this spec lists; the server's message is kept on the error.
            Unknown(i64),
        }
        impl ErrorCode {
            /// The numeric code as sent by the server.
            pub const fn code(self) -> i64 {
                match self { #(Self::#variants => #codes,)* Self::Unknown(c) => c }
            }
            /// The spec's name of the code (`ORDER_NOT_FOUND`).
            pub const fn name(self) -> &'static str {
                match self { #(Self::#variants => #names,)* Self::Unknown(_) => "UNKNOWN" }
            }
            /// The message template; `{0}` marks where the server inserts a value.
            pub const fn message_template(self) -> &'static str {
                match self { #(Self::#variants => #messages,)* Self::Unknown(_) => "" }
            }
            /// The table the code belongs to.
            pub const fn table(self) -> ::std::option::Option<&'static str> {
                match self { #(Self::#variants => ::std::option::Option::Some(#tables),)* Self::Unknown(_) => ::std::option::Option::None }
            }
            /// What a client may do about it.
            pub const fn retry_class(self) -> ::contango::RetryClass {
                match self { #(Self::#variants => ::contango::RetryClass::#retries,)* Self::Unknown(_) => ::contango::RetryClass::Never }
            }
            /// Resolves a wire code in the named table.
            pub fn from_wire(table: &str, code: i64) -> Self {
                match table { #(#lookups)* _ => Self::Unknown(code) }
            }
        }
        impl ::std::fmt::Display for ErrorCode {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::write!(f, "{} ({})", self.code(), self.name())
            }
        }
        impl ::contango::__private::ApiCode for ErrorCode {
            fn from_wire(table: &str, code: i64) -> Self { ErrorCode::from_wire(table, code) }
            fn is_success(table: &str, code: i64) -> bool {
                match table { #(#success)* _ => false }
            }
            fn code(self) -> i64 { ErrorCode::code(self) }
            fn retry_class(self) -> ::contango::RetryClass { ErrorCode::retry_class(self) }
            fn name(self) -> &'static str { ErrorCode::name(self) }
            fn is_known(self) -> bool { !::std::matches!(self, Self::Unknown(_)) }
        }
        /// The one error type of every call: refused locally, refused by the server, or no answer.
        pub type Error = ::contango::__private::Error<ErrorCode>;
    }
}
