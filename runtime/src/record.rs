//! The shape every object record of the spec shares, written once as a declarative macro: the
//! procedural macro lists each record's fields and this expands them, so the boilerplate (derives,
//! serde attributes, the `Option` of optional fields, the `Wire` and `Direct` impls) is expanded
//! by rustc rather than built token by token by `generate!`, whose run time is budgeted.

/// An object-shaped record of the spec: the struct with its serde attributes, its
/// [`Wire`](crate::de::Wire) impl and, with `direct`, its one-pass reader
/// ([`direct_record!`](crate::direct_record)).
///
/// Each field: its docs, then `name: Type { wire: "key", read_with: "deserializer", keys:
/// [b"key" | b"alias"], presence: kind, serde: [more serde items], }`. The deserializer is a
/// path as a string (`"::contango::__private::de::wire"`, or `de::one_or_many` /
/// `de::opt_one_or_many` for one-or-many lists); `keys` are what the direct reader matches.
/// `presence` is `req` or `opt` (an optional field is an `Option<Type>`), or
/// `req_serde`/`opt_serde` for a field only serde reads; the serde items are the field's own
/// (`alias`, `default`, `skip_serializing_if`, `serialize_with`), each followed by a comma. The
/// arguments are named so that the expansion snapshot reads as a review.
#[doc(hidden)]
#[macro_export]
macro_rules! record {
    (@ty req $t:ty) => { $t };
    (@ty req_serde $t:ty) => { $t };
    (@ty opt $t:ty) => { ::std::option::Option<$t> };
    (@ty opt_serde $t:ty) => { ::std::option::Option<$t> };
    (@direct direct $name:ident { $($field:ident : $ty:ty = $with:literal [$($key:literal)|+] $kind:ident,)* }) => {
        $crate::direct_record!($name { $($field [$($key)|+] $kind,)* });
        // What the drift walk compares answers and frames with (`drift::Schema`).
        impl $crate::drift::Schema for $name {
            fn ty() -> $crate::drift::Ty {
                static RECORD: $crate::drift::Record = $crate::drift::Record {
                    name: ::std::stringify!($name),
                    array: false,
                    fields: &[$($crate::drift::Field {
                        keys: &[$($key),+],
                        required: $crate::record!(@required $kind),
                        or_one: $crate::record!(@or_one $kind),
                        ty: <$ty as $crate::drift::Schema>::ty,
                    },)*],
                };
                $crate::drift::Ty::Record(&RECORD)
            }
        }
    };
    (@direct $name:ident { $($rest:tt)* }) => {};
    (@required req) => { true };
    (@required req_serde) => { true };
    (@required $kind:ident) => { false };
    (@or_one req_serde) => { true };
    (@or_one opt_serde) => { true };
    (@or_one $kind:ident) => { false };
    (
        $(#[$attr:meta])*
        $name:ident $($direct:ident)? {
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $ty:ty {
                    wire: $wire:literal,
                    read_with: $with:literal,
                    keys: [$($key:literal)|+],
                    presence: $kind:ident,
                    serde: [$($serde:tt)*],
                },
            )*
        }
    ) => {
        $(#[$attr])*
        #[derive(
            Debug,
            Clone,
            PartialEq,
            $crate::__private::serde::Serialize,
            $crate::__private::serde::Deserialize
        )]
        #[serde(crate = "::contango::__private::serde")]
        pub struct $name {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $wire, deserialize_with = $with, $($serde)*)]
                pub $field: $crate::record!(@ty $kind $ty),
            )*
        }
        impl $crate::de::Wire for $name {
            fn from_wire<'de, D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> ::std::result::Result<Self, D::Error> {
                <Self as $crate::__private::serde::Deserialize>::deserialize(d)
            }
        }
        $crate::record!(@direct $($direct)? $name { $($field : $ty = $with [$($key)|+] $kind,)* });
    };
}
