//! The shape every endpoint of the spec shares, written once as a declarative macro: the
//! procedural macro lists what differs per endpoint (names, parameters, metadata, the bodies of
//! validation and encoding) and this expands the rest (the request struct, through `record!`,
//! the [`Endpoint`](crate::http::endpoint::Endpoint) impl's signatures, the builder,
//! `SendRequest`, the client's method), so that boilerplate is expanded by rustc rather than
//! built token by token by `generate!`, whose run time is budgeted.

/// One endpoint of the spec: its request struct (a [`record!`](crate::record)), constructor and
/// setters, its [`Endpoint`](crate::http::endpoint::Endpoint) impl, its builder, its `SendRequest`
/// impl and the `Client` method that starts it. The invoking crate defines `Client`, `Error`, `ErrorCode` and
/// `SendRequest` (as `generate!` does).
///
/// - `request Name { field: Type { wire: "key", presence: req|opt, serde: [items], }, ... }`:
///   `opt` fields are an `Option<Type>`; the serde items (each followed by a comma) are the
///   field's own.
/// - `new [arg: into|same Type, ...]`: the constructor's arguments (`into` takes
///   `impl Into<String>`); `from required [a b]` moves fields out of a struct argument instead.
/// - `setters { name: into|same Type, ... }`: the optional parameters, for the request and the
///   builder.
/// - `meta { response: Type, rate_group: "..", name: "..", method: Get, path: "/v1/x/{id}", base:
///   Product, security: Trade, signed: bool, envelope: Wrapped, errors: "error table", idempotent: bool,
///   has_body: bool, decode: none|wire|one_or_many, }`
/// - `impl (self, out) { validate {..} path {..} query {..} body {..} }`: the bodies, which use
///   the `self` and `out` given here.
/// - `builder Name;`, `send plain|dedupe [precheck path] [guard path];`, `method name;`, each
///   after its docs (the guard runs whether or not prechecks are on).
#[doc(hidden)]
#[macro_export]
macro_rules! endpoint {
    (@arg into $t:ty) => { impl ::std::convert::Into<::std::string::String> };
    (@arg same $t:ty) => { $t };
    (@conv into $e:expr) => { ::std::convert::Into::into($e) };
    (@conv same $e:expr) => { $e };
    (@new [$($arg:ident : $conv:ident)*] [] [$($opt:ident)*]) => {
        Self {
            $($arg: $crate::endpoint!(@conv $conv $arg),)*
            $($opt: ::std::option::Option::None,)*
        }
    };
    (@new [$($arg:ident : $conv:ident)*] [$from:ident $($moved:ident)*] [$($opt:ident)*]) => {
        Self {
            $($moved: $from.$moved,)*
            $($opt: ::std::option::Option::None,)*
        }
    };
    (@decode none $d:ident) => { $crate::wire::de::ignore($d) };
    (@decode wire $d:ident) => { $crate::wire::de::wire($d) };
    (@decode one_or_many $d:ident) => { $crate::wire::de::one_or_many($d) };
    (@direct none $r:ident) => { $r.skip() };
    (@direct wire $r:ident) => { $crate::wire::direct::Direct::direct($r) };
    (@direct one_or_many $r:ident) => { $crate::wire::direct::one_or_many($r) };
    (@ty none $t:ty) => { $crate::drift::Ty::Any };
    (@ty wire $t:ty) => { <$t as $crate::drift::Schema>::ty() };
    (@ty one_or_many $t:ty) => { <$t as $crate::drift::Schema>::ty().or_one() };
    (@send plain $client:ident $req:ident) => { $client.core().send($req).await };
    (@send dedupe $client:ident $req:ident) => { $client.core().send_deduplicated($req).await };
    (@send_validated plain $client:ident $req:ident) => {
        $client.core().send_validated($req).await
    };
    (@send_validated dedupe $client:ident $req:ident) => {
        $client.core().send_deduplicated_validated($req).await
    };
    (
        $(#[$req_attr:meta])*
        request $req:ident {
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $ty:ty { wire: $wire:literal, presence: $kind:ident, serde: [$($serde:tt)*], },
            )*
        }
        new [$($arg:ident : $arg_conv:ident $arg_ty:ty),*] $(from $from:ident [$($moved:ident)*])?
        setters {
            $(
                $(#[doc = $set_doc:literal])*
                $set:ident : $set_conv:ident $set_ty:ty,
            )*
        }
        meta {
            response: $response:ty,
            rate_group: $rate_group:literal,
            name: $name:literal,
            method: $verb:ident,
            path: $template:literal,
            base: $base:ident,
            security: $security:ident,
            signed: $signed:literal,
            envelope: $envelope:ident,
            errors: $table:literal,
            idempotent: $idempotent:literal,
            has_body: $has_body:literal,
            decode: $data:ident,
        }
        impl ($s:ident, $out:ident) {
            validate { $($validate:tt)* }
            path { $($path:tt)* }
            query { $($query:tt)* }
            body { $($body:tt)* }
        }
        $(#[$builder_attr:meta])*
        builder $builder:ident;
        $(#[$send_attr:meta])*
        send $send:ident [$($precheck:path)?] [$($guard:path)?];
        $(#[$method_attr:meta])*
        method $method:ident;
    ) => {
        // The request struct is a record: requests decode as leniently as responses (the
        // simulator reads them with these types).
        $crate::record! {
            $(#[$req_attr])*
            $req request {
                $(
                    $(#[doc = $doc])*
                    $field: $ty {
                        wire: $wire,
                        read_with: wire,
                        presence: $kind,
                        serde: [$($serde)*],
                    },
                )*
            }
        }

        impl $req {
            /// A request with the required parameters; optional ones are unset.
            pub fn new($($arg: $crate::endpoint!(@arg $arg_conv $arg_ty)),*) -> Self {
                $crate::endpoint!(@new [$($arg: $arg_conv)*] [$($from $($moved)*)?] [$($set)*])
            }
            $(
                $(#[doc = $set_doc])*
                pub fn $set(mut self, $set: $crate::endpoint!(@arg $set_conv $set_ty)) -> Self {
                    self.$set = ::std::option::Option::Some($crate::endpoint!(@conv $set_conv $set));
                    self
                }
            )*
        }

        impl $crate::http::endpoint::Endpoint for $req {
            type Response = $response;
            type Code = ErrorCode;
            const RATE_GROUP: &'static str = $rate_group;
            const META: $crate::http::endpoint::EndpointMeta = $crate::http::endpoint::EndpointMeta {
                name: $name,
                method: $crate::http::endpoint::Method::$verb,
                path: $template,
                base: $crate::http::endpoint::Base::$base,
                security: $crate::http::endpoint::Security::$security,
                signed: $signed,
                envelope: $crate::http::endpoint::Envelope::$envelope,
                error_table: $table,
                idempotent: $idempotent,
                has_body: $has_body,
            };
            fn validate(&$s) -> ::std::result::Result<(), $crate::InvalidArgument> {
                $($validate)*
                ::std::result::Result::Ok(())
            }
            fn write_path(&$s, $out: &mut $crate::wire::encode::PathWriter<'_>) {
                $($path)*
            }
            #[allow(unused_variables)]
            fn write_query(&$s, $out: &mut $crate::wire::encode::QueryWriter<'_>) {
                $($query)*
            }
            #[allow(unused_variables)]
            fn write_body(&$s, $out: &mut $crate::wire::encode::BodyWriter<'_>) {
                $($body)*
            }
            fn decode_data<'de, D: $crate::__private::serde::Deserializer<'de>>(
                d: D,
            ) -> ::std::result::Result<Self::Response, D::Error> {
                $crate::endpoint!(@decode $data d)
            }
            fn direct_data(
                r: &mut $crate::wire::direct::Reader<'_>,
            ) -> ::std::option::Option<Self::Response> {
                $crate::endpoint!(@direct $data r)
            }
            fn data_ty() -> $crate::drift::Ty {
                $crate::endpoint!(@ty $data $response)
            }
        }

        $(#[$builder_attr])*
        #[derive(Debug, Clone)]
        #[must_use = "a request does nothing until `send()` is awaited"]
        pub struct $builder<'a> {
            client: &'a Client,
            request: $req,
        }

        impl<'a> $builder<'a> {
            $(
                $(#[doc = $set_doc])*
                pub fn $set(mut self, $set: $crate::endpoint!(@arg $set_conv $set_ty)) -> Self {
                    self.request.$set =
                        ::std::option::Option::Some($crate::endpoint!(@conv $set_conv $set));
                    self
                }
            )*
            /// The request as it stands.
            pub fn request(&self) -> &$req {
                &self.request
            }
            $(#[$send_attr])*
            pub async fn send(self) -> ::std::result::Result<$response, Error> {
                self.client.send(&self.request).await
            }
        }

        impl SendRequest for $req {
            #[allow(clippy::manual_async_fn)]
            fn send_with<'a>(
                &'a self,
                client: &'a Client,
            ) -> impl ::std::future::Future<Output = ::std::result::Result<$response, Error>>
                   + ::std::marker::Send
                   + 'a {
                async move {
                    // A guard that is not a precheck (risk limits a person installed): it runs
                    // whether or not the prechecks do.
                    $($guard(client, self).await?;)?
                    $(
                        // The request's own limits first: a bad argument is refused before any
                        // network use, the contract's lookup included. Validated once.
                        if client.core().prechecks() {
                            $crate::http::endpoint::Endpoint::validate(self)
                                .map_err(Error::InvalidArgument)?;
                            $precheck(client, self).await?;
                            return $crate::endpoint!(@send_validated $send client self);
                        }
                    )?
                    $crate::endpoint!(@send $send client self)
                }
            }
        }

        impl Client {
            $(#[$method_attr])*
            pub fn $method(
                &self,
                $($arg: $crate::endpoint!(@arg $arg_conv $arg_ty)),*
            ) -> $builder<'_> {
                $builder {
                    client: self,
                    request: $req::new($($arg),*),
                }
            }
        }
    };
}
