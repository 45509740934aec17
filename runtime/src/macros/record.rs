//! The shape every object record of the spec shares, written once as a declarative macro: the
//! procedural macro lists each record's fields and this expands them, so the boilerplate (derives,
//! serde attributes, the `Option` of optional fields, the `Wire` and `Direct` impls) is expanded
//! by rustc rather than built token by token by `generate!`, whose run time is budgeted.

/// An object-shaped record of the spec: the struct with its serde attributes, its
/// [`Wire`](crate::wire::de::Wire) impl, its description ([`drift::Schema`](crate::drift::Schema)),
/// `new` (its required fields as arguments, in order; the optional ones `None`) and, with
/// `direct`, its one-pass reader ([`direct_record!`](crate::direct_record)). `endpoint!` writes
/// a request with `request` instead: neither `new` (a request's constructor is its own) nor a
/// direct reader.
///
/// Each field: its docs, then `name: Type { wire: "key", read_with: how, keys: [b"key" |
/// b"alias"], presence: kind, serde: [more serde items], }`. `how` is `wire` (the type's `Wire`
/// impl), or `one_or_many` / `opt_one_or_many` for one-or-many lists; `keys` are what both
/// readers match (without them, the wire name; a `direct` record names them). `presence` is `req` or `opt` (an optional field is an `Option<Type>`), or
/// `req_serde`/`opt_serde` for a field only serde reads; the serde items are the field's own for
/// `Serialize` (`skip_serializing_if`, `serialize_with`), each followed by a comma. The arguments are named so that the expansion snapshot reads as a review.
///
/// `Deserialize` is written here rather than derived: the pieces it shares with every other
/// record live in [`de::object`](crate::wire::de::object), so a record compiles its own walk of the
/// map and nothing else (the derive's per-field types cost a third of the facade's IR).
#[doc(hidden)]
#[macro_export]
macro_rules! record {
    (@ty req $t:ty) => { $t };
    (@ty req_serde $t:ty) => { $t };
    (@ty opt $t:ty) => { ::std::option::Option<$t> };
    (@ty opt_serde $t:ty) => { ::std::option::Option<$t> };
    (@direct direct $name:ident { $($field:ident : $ty:ty = $with:ident $wire:literal [$($key:literal)|+] $kind:ident,)* }) => {
        $crate::direct_record!($name { $($field [$($key)|+] $kind,)* });
        $crate::record!(@schema $name { $($ty = &[$($key),+], $kind,)* });
    };
    // A request or a record without a direct reader is described too: the simulator finds the
    // keys a request does not have with it.
    (@direct request $name:ident $fields:tt) => {
        $crate::record!(@direct $name $fields);
    };
    (@direct $name:ident { $($field:ident : $ty:ty = $with:ident $wire:literal [$($key:literal)|*] $kind:ident,)* }) => {
        $crate::record!(@schema $name { $($ty = $crate::record!(@keys $wire $($key)*), $kind,)* });
    };
    // What the drift walk compares answers and frames with, and the simulator requests
    // (`drift::Schema`).
    (@schema $name:ident { $($ty:ty = $keys:expr, $kind:ident,)* }) => {
        impl $crate::drift::Schema for $name {
            fn ty() -> $crate::drift::Ty {
                static RECORD: $crate::drift::Record = $crate::drift::Record {
                    name: ::std::stringify!($name),
                    array: false,
                    fields: &[$($crate::drift::Field {
                        keys: $keys,
                        required: $crate::record!(@required $kind),
                        or_one: $crate::record!(@or_one $kind),
                        ty: <$ty as $crate::drift::Schema>::ty,
                    },)*],
                };
                $crate::drift::Ty::Record(&RECORD)
            }
        }
    };
    (@required req) => { true };
    (@required req_serde) => { true };
    (@required $kind:ident) => { false };
    (@or_one req_serde) => { true };
    (@or_one opt_serde) => { true };
    (@or_one $kind:ident) => { false };
    (@read wire) => { $crate::wire::de::object::Plain };
    (@read one_or_many) => { $crate::wire::de::object::OneOrMany };
    (@read opt_one_or_many) => { $crate::wire::de::object::OptOneOrMany };
    (@keys $wire:literal) => { &[$wire.as_bytes()] };
    (@keys $wire:literal $($key:literal)+) => { &[$($key),+] };
    (@finish req $field:ident $wire:literal) => { $crate::wire::de::object::required($field, $wire)? };
    (@finish req_serde $field:ident $wire:literal) => { $crate::wire::de::object::required($field, $wire)? };
    (@finish $kind:ident $field:ident $wire:literal) => { $field.flatten() };
    (
        $(#[$attr:meta])*
        $name:ident $($direct:ident)? {
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $ty:ty {
                    wire: $wire:literal,
                    read_with: $with:ident,
                    $(keys: [$($key:literal)|+],)?
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
            $crate::__private::serde::Serialize
        )]
        #[serde(crate = "::contango::__private::serde")]
        pub struct $name {
            $(
                $(#[doc = $doc])*
                #[serde(rename = $wire, $($serde)*)]
                pub $field: $crate::record!(@ty $kind $ty),
            )*
        }
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> ::std::result::Result<Self, D::Error> {
                struct __Visitor;
                impl<'de> $crate::__private::serde::de::Visitor<'de> for __Visitor {
                    type Value = $name;
                    fn expecting(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                        f.write_str(::std::concat!("struct ", ::std::stringify!($name)))
                    }
                    fn visit_map<A: $crate::__private::serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> ::std::result::Result<$name, A::Error> {
                        static FIELDS: &$crate::wire::de::object::Fields =
                            &[$(($wire, $crate::record!(@keys $wire $($($key)+)?)),)*];
                        $(let mut $field = ::std::option::Option::None;)*
                        while let ::std::option::Option::Some(key) =
                            map.next_key_seed($crate::wire::de::object::Key(FIELDS))?
                        {
                            match key {
                                $(::std::option::Option::Some($wire) => $crate::wire::de::object::value::<
                                    _,
                                    $crate::record!(@read $with),
                                    _,
                                >(&mut map, &mut $field, $wire)?,)*
                                _ => $crate::wire::de::object::skip(&mut map)?,
                            }
                        }
                        ::std::result::Result::Ok($name {
                            $($field: $crate::record!(@finish $kind $field $wire),)*
                        })
                    }
                }
                d.deserialize_map(__Visitor)
            }
        }
        impl $crate::wire::de::Wire for $name {
            fn from_wire<'de, D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> ::std::result::Result<Self, D::Error> {
                <Self as $crate::__private::serde::Deserialize>::deserialize(d)
            }
        }
        $crate::record!(@direct $($direct)? $name { $($field : $ty = $with $wire [$($($key)|+)?] $kind,)* });
        $crate::record!(@new $($direct)? $name [] [$($field $kind,)*] $($kind $field: $ty,)*);
    };
    // `new`, its arguments gathered one field a step: the required ones, in order. (Type names
    // are CamelCase, so neither `request` nor `direct` is one.)
    (@new request $($rest:tt)*) => {};
    (@new direct $($rest:tt)*) => { $crate::record!(@new $($rest)*); };
    (@new $name:ident [$($arg:ident : $arg_ty:ty,)*] [$($field:ident $kind:ident,)*]) => {
        impl $name {
            /// The record with its required fields; the optional ones are `None`.
            #[allow(clippy::too_many_arguments, clippy::new_without_default)]
            pub fn new($($arg: $arg_ty),*) -> Self {
                $name {
                    $($field: $crate::record!(@init $kind $field),)*
                }
            }
        }
    };
    (@new $name:ident [$($args:tt)*] $all:tt req $f:ident : $t:ty, $($rest:tt)*) => {
        $crate::record!(@new $name [$($args)* $f: $t,] $all $($rest)*);
    };
    (@new $name:ident [$($args:tt)*] $all:tt req_serde $f:ident : $t:ty, $($rest:tt)*) => {
        $crate::record!(@new $name [$($args)* $f: $t,] $all $($rest)*);
    };
    (@new $name:ident $args:tt $all:tt $kind:ident $f:ident : $t:ty, $($rest:tt)*) => {
        $crate::record!(@new $name $args $all $($rest)*);
    };
    (@init req $f:ident) => { $f };
    (@init req_serde $f:ident) => { $f };
    (@init $kind:ident $f:ident) => { ::std::option::Option::None };
}
