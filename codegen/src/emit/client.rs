//! `Client`, its builder and `Product`: the few items that are not per endpoint.

use super::doc;
use crate::ir::Ir;
use crate::naming::type_ident;
use quote::quote;

pub fn client(ir: &Ir) -> proc_macro2::TokenStream {
    let variants: Vec<_> = ir.products.iter().map(|p| type_ident(&p.variant)).collect();
    let pdocs = ir
        .products
        .iter()
        .map(|p| doc(&format!("{} Paths under `{}`.", p.doc.trim(), p.prefix)));
    let prefixes = ir.products.iter().map(|p| &p.prefix);
    let keys = ir.products.iter().map(|p| &p.key);
    let first = variants
        .first()
        .map(|v| quote!(Self::#v))
        .unwrap_or_else(|| quote!(unreachable!()));
    let a = &ir.auth;
    let (api_key, signature, timestamp, recv_window) =
        (&a.api_key, &a.signature, &a.timestamp, &a.recv_window);
    let title = format!(
        "The typed client of {} (version {}). Cheap to clone; clones share one connection pool.\n\n{}",
        ir.title.trim(),
        ir.version.trim(),
        ir.doc.trim()
    );
    let title_doc = doc(&title);
    let rates = ir.rates.iter().map(|r| {
        let (name, requests, per_ms, burst) = (&r.name, r.requests, r.per_ms, r.burst);
        quote!(.rate_limit(#name, ::contango::Rate { requests: #requests, per: ::std::time::Duration::from_millis(#per_ms), burst: #burst }))
    });
    let mut builder_text = String::from("Starts configuring a client.");
    if !ir.rates.is_empty() {
        builder_text.push_str("\n\nClient-side rate limits from the spec (override with `ClientBuilder::rate_limit`):");
        for r in &ir.rates {
            builder_text.push_str(&format!(
                "\n- `{}`: {} request(s) per {} ms, burst {}",
                r.name, r.requests, r.per_ms, r.burst
            ));
            if let Some(d) = &r.doc {
                builder_text.push_str(&format!(" ({})", d.trim()));
            }
        }
    }
    let builder_doc = doc(&builder_text);
    let listen_key_fields = ir
        .stream
        .as_ref()
        .and_then(|s| s.listen_key.as_ref())
        .map(|lk| {
            let wires = &lk.wires;
            quote!(.listen_key_fields(&[#(#wires),*]))
        });
    let (time_source, sample_clock) = match &ir.clock {
        Some(c) => {
            let req = type_ident(&format!("{}Request", c.endpoint_camel));
            let rec = type_ident(&c.response_record);
            let field = crate::naming::field_ident(&c.field_rust);
            (
                quote!(.time_source(Client::sample_clock)),
                quote! {
                    /// Samples the server clock through the spec's clock endpoint.
                    fn sample_clock(
                        core: &::contango::__private::Core,
                    ) -> ::std::pin::Pin<::std::boxed::Box<dyn ::std::future::Future<Output = bool> + ::std::marker::Send + '_>> {
                        ::std::boxed::Box::pin(async move {
                            let request = #req::new();
                            core.sample_server_time(&request, |answer: &#rec| answer.#field.as_millis()).await
                        })
                    }
                },
            )
        }
        None => (quote!(), quote!()),
    };
    quote! {
        /// The product lines of the interface; each has its own path prefix.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Product {
            #(#pdocs #variants,)*
        }
        impl Product {
            /// Every product line, in the spec's order (a server serves each endpoint of the
            /// product base under each of their prefixes).
            pub const ALL: &'static [Product] = &[#(Self::#variants),*];
            /// Path prefix of the product's endpoints.
            pub const fn prefix(self) -> &'static str {
                match self { #(Self::#variants => #prefixes,)* }
            }
            /// The spec's key of the product (`usdt_margined`).
            pub const fn key(self) -> &'static str {
                match self { #(Self::#variants => #keys,)* }
            }
        }
        impl ::std::default::Default for Product {
            fn default() -> Self { #first }
        }

        #title_doc
        #[derive(Debug, Clone)]
        pub struct Client {
            core: ::contango::__private::Core,
            product: Product,
        }

        impl Client {
            #builder_doc
            pub fn builder() -> ClientBuilder {
                ClientBuilder {
                    core: ::contango::__private::Core::builder().auth_headers(::contango::__private::AuthHeaders {
                        api_key: #api_key,
                        signature: #signature,
                        timestamp: #timestamp,
                        recv_window: #recv_window,
                    })
                    #(#rates)*
                    #listen_key_fields
                    #time_source,
                    product: Product::default(),
                }
            }
            #sample_clock
            /// The product this client talks to.
            pub fn product(&self) -> Product { self.product }
            /// The shared transport, for advanced use (custom endpoints).
            pub fn core(&self) -> &::contango::__private::Core { &self.core }
            /// What the server sent so far (answers and both streams) that the spec does not
            /// describe: unknown fields, enum values, error codes, events and channels, missing
            /// fields, mismatched types. Bounded and de-duplicated; each new finding is also
            /// logged once with `tracing::warn!`.
            pub fn drift(&self) -> ::contango::DriftReport { self.core.drift() }
            /// Waits until everything this client recorded so far is in its recording
            /// (`ClientBuilder::record_session`); at once when it records nothing.
            pub async fn flush_recording(&self) -> ::std::io::Result<()> {
                match self.core.recorder() {
                    ::std::option::Option::Some(r) => r.flush().await,
                    ::std::option::Option::None => ::std::result::Result::Ok(()),
                }
            }
            /// Sends any request of this spec (the request types are plain data). This is the one
            /// send path: the builders' `send()` calls it too, so whichever way a request is sent
            /// it gets the same validation, the endpoint's `precheck` (when prechecks are on),
            /// signing, rate limiting, retries and, for requests that must not run twice (new
            /// orders), the client-id lookup after an ambiguous outcome, so an order is never
            /// sent twice by accident. For an endpoint outside the spec, use
            /// `core().send(..)`, which has none of the spec's per-endpoint protections.
            pub async fn send<E: SendRequest>(&self, request: &E) -> ::std::result::Result<E::Response, Error> {
                request.send_with(self).await
            }
        }

        /// A request of this spec, sendable with [`Client::send`]. Implemented by every generated
        /// request type (sealed in practice: its method is the per-endpoint send policy, which
        /// only the spec knows: precheck, dedupe or plain).
        pub trait SendRequest: ::contango::__private::endpoint::Endpoint<Code = ErrorCode> + ::std::marker::Sync {
            /// The endpoint's send policy; call [`Client::send`] instead.
            #[doc(hidden)]
            fn send_with<'a>(&'a self, client: &'a Client) -> impl ::std::future::Future<Output = ::std::result::Result<Self::Response, Error>> + ::std::marker::Send + 'a;
        }

        /// Configures a [`Client`].
        #[derive(Debug)]
        #[must_use]
        pub struct ClientBuilder {
            core: ::contango::__private::CoreBuilder,
            product: Product,
        }

        impl ClientBuilder {
            /// Base URL of the REST interface, e.g. `https://exchange.example` or a simulator's URL.
            pub fn base_url(mut self, url: impl ::std::convert::Into<::std::string::String>) -> Self {
                self.core = self.core.base_url(url); self
            }
            /// The product (path prefix) to talk to; defaults to the spec's first product.
            pub fn product(mut self, product: Product) -> Self {
                self.product = product; self
            }
            /// Base URL of the user-stream REST endpoints when they live on another host.
            pub fn user_stream_url(mut self, url: impl ::std::convert::Into<::std::string::String>) -> Self {
                self.core = self.core.user_stream_url(url); self
            }
            /// Address of the public market stream (`wss://<market host>/kline-api/ws`), when it is
            /// not the spec's default on the base URL's host.
            pub fn market_stream_url(mut self, url: impl ::std::convert::Into<::std::string::String>) -> Self {
                self.core = self.core.market_stream_url(url); self
            }
            /// API key and secret for keyed and signed endpoints.
            pub fn credentials(mut self, credentials: ::contango::Credentials) -> Self {
                self.core = self.core.credentials(credentials); self
            }
            /// Total time allowed for one request (default 10 s).
            pub fn timeout(mut self, timeout: ::std::time::Duration) -> Self {
                self.core = self.core.timeout(timeout); self
            }
            /// The receive window (ms) sent with signed requests; unset, the server's default applies.
            pub fn recv_window(mut self, millis: u64) -> Self {
                self.core = self.core.recv_window(millis); self
            }
            /// Paces the endpoints of a rate-limit group (overrides the spec's rate); requests wait
            /// for a slot rather than fail.
            pub fn rate_limit(mut self, group: &'static str, rate: ::contango::Rate) -> Self {
                self.core = self.core.rate_limit(group, rate); self
            }
            /// Paces nothing: the spec's client-side rates are dropped (the server's own pause
            /// and ban still apply). For a simulator whose time is not the wall's, such as a
            /// lockstep backtest.
            pub fn unpaced(mut self) -> Self {
                self.core = self.core.unpaced(); self
            }
            /// Limits of automatic retries; `RetryPolicy::NONE` turns them off.
            pub fn retry_policy(mut self, policy: ::contango::RetryPolicy) -> Self {
                self.core = self.core.retry_policy(policy); self
            }
            /// Records every HTTP exchange and stream frame of the client to a new file at `path`
            /// (JSON lines, without secrets; the guide: docs/recordings.md), created
            /// when the client is built.
            pub fn record_session(mut self, path: impl ::std::convert::Into<::std::path::PathBuf>) -> Self {
                self.core = self.core.record_session(path); self
            }
            /// The former name of `record_session` ("record" names a spec type).
            #[deprecated(note = "renamed `record_session`")]
            pub fn record(self, path: impl ::std::convert::Into<::std::path::PathBuf>) -> Self {
                self.record_session(path)
            }
            /// Records to `recorder`, which several clients may share.
            pub fn recorder(mut self, recorder: ::contango::recording::Recorder) -> Self {
                self.core = self.core.recorder(recorder); self
            }
            /// Whether requests are checked against server-published limits (a contract's minimum
            /// volume, price precision, ...) before sending; on by default.
            pub fn prechecks(mut self, on: bool) -> Self {
                self.core = self.core.prechecks(on); self
            }
            /// How often the server-time offset is resampled (default 5 minutes; also on -1021).
            pub fn clock_sync_interval(mut self, interval: ::std::time::Duration) -> Self {
                self.core = self.core.clock_sync_interval(interval); self
            }
            /// Builds the client; fails on a malformed URL or credentials over plain http to a remote host.
            pub fn build(self) -> ::std::result::Result<Client, ::contango::ConfigError> {
                let core = self.core.product_prefix(self.product.prefix()).build()?;
                ::std::result::Result::Ok(Client { core, product: self.product })
            }
        }
    }
}
