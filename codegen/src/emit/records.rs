//! Response and event records: plain data, decoded straight from bytes through `de::wire`.

use super::{doc, doc_or, rust_ty};
use crate::ir::{Field, Record, Ty};
use crate::naming::{field_ident, type_ident};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The string literals every field's attribute repeats, made once per expansion: a literal
/// written inside `quote!` is parsed again at each use.
pub struct Paths {
    wire: Literal,
    one_or_many: Literal,
    opt_one_or_many: Literal,
    is_none: Literal,
    number: Literal,
    opt_number: Literal,
    string: Literal,
    opt_string: Literal,
}

impl Paths {
    /// How a field is read: a one-or-many list takes one object or an array; the rest through
    /// its `Wire` impl.
    fn deserializer(&self, f: &Field) -> &Literal {
        match (&f.ty, f.required) {
            (Ty::OneOrMany(_), true) => &self.one_or_many,
            (Ty::OneOrMany(_), false) => &self.opt_one_or_many,
            _ => &self.wire,
        }
    }

    /// How `record!` reads a field with serde (its `read_with`): what [`Self::deserializer`]
    /// names, as the macro's keyword.
    fn reader(f: &Field) -> TokenStream {
        match (&f.ty, f.required) {
            (Ty::OneOrMany(_), true) => quote!(one_or_many),
            (Ty::OneOrMany(_), false) => quote!(opt_one_or_many),
            _ => quote!(wire),
        }
    }

    /// The serde item of an optional field: `None` is left out when serialized.
    pub fn optional(&self) -> TokenStream {
        let is_none = &self.is_none;
        quote!(skip_serializing_if = #is_none,)
    }

    pub fn new() -> Self {
        Self {
            wire: Literal::string("::contango::__private::de::wire"),
            one_or_many: Literal::string("::contango::__private::de::one_or_many"),
            opt_one_or_many: Literal::string("::contango::__private::de::opt_one_or_many"),
            is_none: Literal::string("::std::option::Option::is_none"),
            number: Literal::string("::contango::__private::ser::number"),
            opt_number: Literal::string("::contango::__private::ser::opt_number"),
            string: Literal::string("::contango::__private::ser::string"),
            opt_string: Literal::string("::contango::__private::ser::opt_string"),
        }
    }
}

pub fn record(r: &Record, direct: bool, paths: &Paths) -> TokenStream {
    if !r.array_shape {
        return object_record(r, direct, paths);
    }
    let name = type_ident(&r.name);
    let docs = doc(&r.doc);
    let fields = r.fields.iter().map(|f| field(f, paths));
    let array_ser = array_serialize(r);
    let rows = decimal_rows(r, false);
    let direct = direct.then(|| direct_tuple_reader(r));
    let schema = tuple_schema(r);
    quote! {
        #docs
        #[derive(Debug, Clone, PartialEq, ::contango::__private::serde::Deserialize)]
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
        #direct
        #schema
    }
}

/// An object-shaped record as the runtime's `record!` takes it: per field its docs, type, wire
/// name, the keys the direct reader takes it under, its kind and its own serde items. The
/// struct, its attributes and impls are written by `record!` (with `direct`, the one-pass reader
/// too): the tokens built here are only what differs from field to field.
fn object_record(r: &Record, direct: bool, paths: &Paths) -> TokenStream {
    let name = type_ident(&r.name);
    let docs = doc(&r.doc);
    let direct = direct.then(|| quote!(direct));
    let fields = r.fields.iter().map(|f| {
        let ident = field_ident(&f.rust);
        let docs = doc_or(f.doc.as_deref(), || format!("`{}` on the wire.", f.wire));
        let ty = rust_ty(&f.ty);
        let wire = &f.wire;
        let keys = std::iter::once(&f.wire)
            .chain(&f.aliases)
            .map(|k| Literal::byte_string(k.as_bytes()));
        // A one-or-many list (an object or an array) is left to serde by the direct reader.
        let kind = match (matches!(f.ty, Ty::OneOrMany(_)), f.required) {
            (false, true) => quote!(req),
            (false, false) => quote!(opt),
            (true, true) => quote!(req_serde),
            (true, false) => quote!(opt_serde),
        };
        let with = Paths::reader(f);
        let serde = serde_items(f, paths);
        quote!(#docs #ident: #ty {
            wire: #wire,
            read_with: #with,
            keys: [#(#keys)|*],
            presence: #kind,
            serde: [#serde],
        },)
    });
    quote! {
        ::contango::__private::record! {
            #docs
            #name #direct {
                #(#fields)*
            }
        }
    }
}

/// An array-shaped record's description (`drift::Schema`), which every record has: the drift
/// walk compares answers and frames with it, and the simulator requests.
fn tuple_schema(r: &Record) -> TokenStream {
    let name = type_ident(&r.name);
    let spec_name = &r.name;
    let fields = r.fields.iter().map(|f| {
        let key = Literal::byte_string(f.wire.as_bytes());
        let ty = rust_ty(&f.ty);
        let (required, or_one) = (f.required, matches!(f.ty, Ty::OneOrMany(_)));
        quote!(::contango::__private::drift::Field {
            keys: &[#key], required: #required, or_one: #or_one,
            ty: <#ty as ::contango::__private::drift::Schema>::ty,
        },)
    });
    quote! {
        impl ::contango::__private::drift::Schema for #name {
            fn ty() -> ::contango::__private::drift::Ty {
                static RECORD: ::contango::__private::drift::Record = ::contango::__private::drift::Record {
                    name: #spec_name, array: true, fields: &[#(#fields)*],
                };
                ::contango::__private::drift::Ty::Record(&RECORD)
            }
        }
    }
}

/// The one-pass reader of an array-shaped record (`direct::Direct`): its elements in field order.
fn direct_tuple_reader(r: &Record) -> TokenStream {
    let name = type_ident(&r.name);
    if r.fields.iter().any(|f| matches!(f.ty, Ty::OneOrMany(_))) {
        // A one-or-many element is left to serde: the reader takes only a plain list, and would
        // keep the empty objects serde skips.
        return quote! {
            impl ::contango::__private::direct::Direct for #name {
                fn direct(_: &mut ::contango::__private::direct::Reader<'_>) -> ::std::option::Option<Self> {
                    ::std::option::Option::None
                }
            }
        };
    }
    let idents = r.fields.iter().map(|f| field_ident(&f.rust));
    let n = r.fields.len();
    let rows = decimal_rows(r, true);
    quote! {
        impl ::contango::__private::direct::Direct for #name {
            fn direct(r: &mut ::contango::__private::direct::Reader<'_>) -> ::std::option::Option<Self> {
                r.tuple::<_, #n>(|t| ::std::option::Option::Some(Self { #(#idents: t.item()?,)* }))
            }
            #rows
        }
    }
}

/// A field of an array-shaped record, with its whole serde attribute (for `Deserialize`: the
/// record's `Serialize` is written by [`array_serialize`]).
fn field(f: &Field, paths: &Paths) -> TokenStream {
    let ident = field_ident(&f.rust);
    let wire = &f.wire;
    let inner = rust_ty(&f.ty);
    let ty = if f.required {
        inner
    } else {
        quote!(::std::option::Option<#inner>)
    };
    let docs = doc_or(f.doc.as_deref(), || format!("`{}` on the wire.", f.wire));
    let deserialize = paths.deserializer(f);
    let aliases = f.aliases.iter().map(|a| quote!(alias = #a,));
    let default = (!f.required).then(|| quote!(default,));
    quote! {
        #docs
        #[serde(rename = #wire, deserialize_with = #deserialize, #(#aliases)* #default)]
        pub #ident: #ty,
    }
}

/// An object record's field's own serde items for `Serialize`, each followed by a comma: an
/// optional field's `None` is left out; how it is written (see [`serialize_with`]). (`record!`
/// writes `Deserialize` from the field's keys and presence.)
fn serde_items(f: &Field, paths: &Paths) -> TokenStream {
    let skip = (!f.required).then(|| paths.optional());
    let ser = serialize_with(f, paths);
    quote!(#skip #ser)
}

/// Decimals go out as exact JSON numbers (what servers send), or as strings when the spec says so.
fn serialize_with(f: &Field, paths: &Paths) -> TokenStream {
    let path = match (&f.ty, f.encode_string, f.required) {
        (Ty::Decimal, false, true) => &paths.number,
        (Ty::Decimal, false, false) => &paths.opt_number,
        (_, true, true) => &paths.string,
        (_, true, false) => &paths.opt_string,
        _ => return quote!(),
    };
    quote!(serialize_with = #path,)
}

/// Lists of array-shaped records of required decimals (order-book levels) are read row by row
/// (`de::decimal_rows` from serde's raw text, `Reader::rows` on the direct reader), the hot path
/// of every depth answer and frame. `Wire::list_from_wire`, or with `direct`
/// `Direct::list_direct`.
fn decimal_rows(r: &Record, direct: bool) -> TokenStream {
    if !all_decimal(r) {
        return quote!();
    }
    let n = r.fields.len();
    let names: Vec<_> = r.fields.iter().map(|f| field_ident(&f.rust)).collect();
    let (signature, rows, wrap) = if direct {
        (
            quote!(list_direct(r: &mut ::contango::__private::direct::Reader<'_>) -> ::std::option::Option<::std::vec::Vec<Self>>),
            quote!(r.rows::<#n>()),
            quote!(::std::option::Option::Some),
        )
    } else {
        (
            quote!(list_from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<::std::vec::Vec<Self>, D::Error>),
            quote!(::contango::__private::de::decimal_rows::<D, #n>(d)),
            quote!(::std::result::Result::Ok),
        )
    };
    quote! {
        fn #signature {
            #wrap(#rows?.into_iter().map(|[#(#names),*]| Self { #(#names),* }).collect())
        }
    }
}

fn all_decimal(r: &Record) -> bool {
    r.array_shape
        && !r.fields.is_empty()
        && r.fields.iter().all(|f| f.required && f.ty == Ty::Decimal)
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
