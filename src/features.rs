//! The optional parts, as macros generated code goes through: `generate!` wraps the private
//! stream's items in `if_user_stream!` and the market stream's in `if_market_stream!`, which
//! expand them or drop them according to the features this crate was built with. The choice is
//! read through cfgs here, not from Cargo's environment inside the procedural macro, so a crate
//! generating from its own spec gets the same parts as the facade it depends on.

/// Expands to its input with the `user-stream` feature, to nothing without.
#[cfg(feature = "user-stream")]
#[doc(hidden)]
#[macro_export]
macro_rules! if_user_stream {
    ($($item:tt)*) => { $($item)* };
}

/// Expands to its input with the `user-stream` feature, to nothing without.
#[cfg(not(feature = "user-stream"))]
#[doc(hidden)]
#[macro_export]
macro_rules! if_user_stream {
    ($($item:tt)*) => {};
}

/// Expands to its input with the `market-stream` feature, to nothing without.
#[cfg(feature = "market-stream")]
#[doc(hidden)]
#[macro_export]
macro_rules! if_market_stream {
    ($($item:tt)*) => { $($item)* };
}

/// Expands to its input with the `market-stream` feature, to nothing without.
#[cfg(not(feature = "market-stream"))]
#[doc(hidden)]
#[macro_export]
macro_rules! if_market_stream {
    ($($item:tt)*) => {};
}
