//! Enums with a catch-all: a value the spec does not list yet is kept, never an error.

use super::{doc, doc_or};
use crate::ir::Enum;
use crate::naming::type_ident;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

pub fn enumeration(e: &Enum, direct: bool) -> TokenStream {
    let name = type_ident(&e.name);
    let docs = doc(&e.doc);
    let variants: Vec<_> = e.values.iter().map(|v| type_ident(&v.variant)).collect();
    let vdocs = e
        .values
        .iter()
        .map(|v| doc_or(v.doc.as_deref(), || format!("`{}` on the wire.", v.wire)));
    let items = if e.integer {
        integer_enum(e, &name, &docs, &variants, vdocs.collect())
    } else {
        string_enum(e, &name, &docs, &variants, vdocs.collect())
    };
    // Drift: the catch-all is a value the spec does not list.
    let spec_name = &e.name;
    let items = quote! {
        #items
        impl ::contango::__private::drift::CatchAll for #name {
            fn is_other(&self) -> bool {
                ::std::matches!(self, Self::Other(_))
            }
        }
        impl ::contango::__private::drift::Schema for #name {
            fn ty() -> ::contango::__private::drift::Ty {
                ::contango::__private::drift::Ty::Enum {
                    name: #spec_name,
                    known: ::contango::__private::drift::enum_known::<Self>,
                }
            }
        }
    };
    if !direct {
        return items;
    }
    // The same conversion as the serde impl, from the same text.
    let convert = if e.integer {
        quote!(s.trim().parse::<i64>().ok().map(Self::from_i64))
    } else {
        quote!(::std::option::Option::Some(Self::from_wire_str(s)))
    };
    quote! {
        #items
        impl ::contango::__private::direct::Direct for #name {
            fn direct(r: &mut ::contango::__private::direct::Reader<'_>) -> ::std::option::Option<Self> {
                r.scalar_text(|s| #convert).map(::contango::__private::drift::noticing)
            }
        }
    }
}

fn string_enum(
    e: &Enum,
    name: &syn::Ident,
    docs: &TokenStream,
    variants: &[syn::Ident],
    vdocs: Vec<TokenStream>,
) -> TokenStream {
    let wires: Vec<&String> = e.values.iter().map(|v| &v.wire).collect();
    let exact = e.values.iter().zip(variants).map(|(v, var)| {
        let all = std::iter::once(&v.wire).chain(&v.aliases);
        quote!(#(#all)|* => Self::#var,)
    });
    let insensitive = e.case_insensitive.then(|| {
        let arms = e.values.iter().zip(variants).map(|(v, var)| {
            let all = std::iter::once(&v.wire).chain(&v.aliases);
            quote!(s if #(s.eq_ignore_ascii_case(#all))||* => Self::#var,)
        });
        quote!(#(#arms)*)
    });
    quote! {
        #docs
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum #name {
            #(#vdocs #variants,)*
            /// A value this version of the spec does not list, kept as sent.
            Other(::std::string::String),
        }
        impl #name {
            /// The value as sent on the wire.
            pub fn as_str(&self) -> &str {
                match self {
                    #(Self::#variants => #wires,)*
                    Self::Other(s) => s.as_str(),
                }
            }
            /// Reads a wire value; unknown values land in `Other`.
            pub fn from_wire_str(s: &str) -> Self {
                match s {
                    #(#exact)*
                    #insensitive
                    other => Self::Other(other.to_owned()),
                }
            }
        }
        impl ::std::fmt::Display for #name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl ::std::str::FromStr for #name {
            type Err = ::std::convert::Infallible;
            fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
                ::std::result::Result::Ok(Self::from_wire_str(s))
            }
        }
        impl ::contango::__private::serde::Serialize for #name {
            fn serialize<S: ::contango::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
        impl<'de> ::contango::__private::serde::Deserialize<'de> for #name {
            fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                ::contango::__private::de::enum_text(d, Self::from_wire_str)
            }
        }
        impl ::contango::__private::de::Wire for #name {
            fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
            }
        }
        impl ::contango::__private::encode::QueryValue for #name {
            fn write_value(&self, out: &mut ::std::string::String) {
                out.push_str(self.as_str());
            }
        }
    }
}

fn integer_enum(
    e: &Enum,
    name: &syn::Ident,
    docs: &TokenStream,
    variants: &[syn::Ident],
    vdocs: Vec<TokenStream>,
) -> TokenStream {
    let nums: Vec<Literal> = e
        .values
        .iter()
        .map(|v| Literal::i64_suffixed(v.wire.parse().unwrap_or_default()))
        .collect();
    let aliases = e.values.iter().zip(variants).flat_map(|(v, var)| {
        v.aliases
            .iter()
            .filter_map(|a| a.parse::<i64>().ok())
            .map(move |a| {
                let a = Literal::i64_suffixed(a);
                quote!(#a => Self::#var,)
            })
    });
    quote! {
        #docs
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum #name {
            #(#vdocs #variants,)*
            /// A value this version of the spec does not list, kept as sent.
            Other(i64),
        }
        impl #name {
            /// The value as sent on the wire.
            pub const fn as_i64(self) -> i64 {
                match self {
                    #(Self::#variants => #nums,)*
                    Self::Other(n) => n,
                }
            }
            /// Reads a wire value; unknown values land in `Other`.
            pub const fn from_i64(n: i64) -> Self {
                match n {
                    #(#nums => Self::#variants,)*
                    #(#aliases)*
                    other => Self::Other(other),
                }
            }
        }
        impl ::std::fmt::Display for #name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(&self.as_i64(), f)
            }
        }
        impl ::contango::__private::serde::Serialize for #name {
            fn serialize<S: ::contango::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_i64(self.as_i64())
            }
        }
        impl<'de> ::contango::__private::serde::Deserialize<'de> for #name {
            fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                ::contango::__private::de::enum_int(d).map(Self::from_i64)
            }
        }
        impl ::contango::__private::de::Wire for #name {
            fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
            }
        }
        impl ::contango::__private::encode::QueryValue for #name {
            fn write_value(&self, out: &mut ::std::string::String) {
                ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
            }
        }
    }
}
