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
