//! Response and event records: plain data, decoded straight from bytes through `de::wire`.

use super::{doc, doc_or, rust_ty};
use crate::ir::{Field, Record, Ty};
use crate::naming::{field_ident, type_ident};
use proc_macro2::TokenStream;
use quote::quote;

pub fn record(r: &Record) -> TokenStream {
    let name = type_ident(&r.name);
    let docs = doc(&r.doc);
    let fields = r.fields.iter().map(field);
    let serialize_derive = if r.array_shape {
        quote!()
    } else {
        quote!(::contango::__private::serde::Serialize,)
    };
    let array_ser = r.array_shape.then(|| array_serialize(r));
    let rows = decimal_rows(r);
    quote! {
        #docs
        #[derive(Debug, Clone, PartialEq, #serialize_derive ::contango::__private::serde::Deserialize)]
        #[serde(crate = "::contango::__private::serde")]
        pub struct #name {
            #(#fields)*
        }
        impl ::contango::__private::de::Wire for #name {
            fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
            }
            #rows
        }
        #array_ser
    }
}

fn field(f: &Field) -> TokenStream {
    let ident = field_ident(&f.rust);
    let wire = &f.wire;
    let inner = rust_ty(&f.ty);
    let ty = if f.required {
        inner
    } else {
        quote!(::std::option::Option<#inner>)
    };
    let docs = doc_or(f.doc.as_deref(), || format!("`{}` on the wire.", f.wire));
    let aliases = f.aliases.iter().map(|a| quote!(alias = #a,));
    let default = (!f.required).then(|| {
        quote!(
            default,
            skip_serializing_if = "::std::option::Option::is_none",
        )
    });
    let ser = serialize_with(f);
    quote! {
        #docs
        #[serde(rename = #wire, #(#aliases)* #default deserialize_with = "::contango::__private::de::wire" #ser)]
        pub #ident: #ty,
    }
}

/// Decimals go out as exact JSON numbers (what servers send), or as strings when the spec says so.
fn serialize_with(f: &Field) -> TokenStream {
    let path = match (&f.ty, f.encode_string, f.required) {
        (Ty::Decimal, false, true) => "::contango::__private::ser::number",
        (Ty::Decimal, false, false) => "::contango::__private::ser::opt_number",
        (_, true, true) => "::contango::__private::ser::string",
        (_, true, false) => "::contango::__private::ser::opt_string",
        _ => return quote!(),
    };
    quote!(, serialize_with = #path)
}

/// Lists of array-shaped records of required decimals (order-book levels) are read row by row
/// from the list's raw text (`de::decimal_rows`), the hot path of every depth answer and frame.
fn decimal_rows(r: &Record) -> TokenStream {
    let all_decimal = r.array_shape
        && !r.fields.is_empty()
        && r.fields.iter().all(|f| f.required && f.ty == Ty::Decimal);
    if !all_decimal {
        return quote!();
    }
    let n = r.fields.len();
    let names: Vec<_> = r.fields.iter().map(|f| field_ident(&f.rust)).collect();
    quote! {
        fn list_from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<::std::vec::Vec<Self>, D::Error> {
            let rows = ::contango::__private::de::decimal_rows::<D, #n>(d)?;
            ::std::result::Result::Ok(rows.into_iter().map(|[#(#names),*]| Self { #(#names),* }).collect())
        }
    }
}

/// `shape: array` records travel as `[a, b, ...]` in field order.
fn array_serialize(r: &Record) -> TokenStream {
    let name = type_ident(&r.name);
    let n = r.fields.len();
    let elems = r.fields.iter().map(|f| {
        let ident = field_ident(&f.rust);
        match (&f.ty, f.required) {
            (Ty::Decimal, true) => {
                quote!(t.serialize_element(&::contango::__private::ser::Number(&self.#ident))?;)
            }
            _ => quote!(t.serialize_element(&self.#ident)?;),
        }
    });
    quote! {
        impl ::contango::__private::serde::Serialize for #name {
            fn serialize<S: ::contango::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                use ::contango::__private::serde::ser::SerializeTuple as _;
                let mut t = s.serialize_tuple(#n)?;
                #(#elems)*
                t.end()
            }
        }
    }
}
