//! The subcommands of `spec/futures.yaml`, generated: one per endpoint, each filling the SDK's
//! builder of that endpoint. Editing the spec and rebuilding changes them. `cli/spec/futures.yaml`
//! is a symbolic link to the workspace's spec, so the one file is read here and a package of
//! this crate carries a copy (`cargo package` follows the link).

use contango::*;

contango_macros::generate_cli!("spec/futures.yaml");

/// The shapes `contango watch` writes the watchers' records with: the very statics the
/// endpoints' answers are written with (`open-orders`, `account`, `depth`), so a watched order,
/// position, balance or book level prints as those commands print it. They are this module's
/// (the shipped spec's, whose types the facade's watchers hold), reached from a child module.
pub(crate) mod watched {
    use crate::shape::Shape;

    /// An order (`open-orders`' items).
    pub(crate) static ORDER: &Shape = &super::CLI_SHAPE_ORDER;
    /// A position (`account`'s `positionVos[].positions[]`).
    pub(crate) static POSITION: &Shape = &super::CLI_SHAPE_POSITION;
    /// A balance entry (`account`'s `account[]`).
    pub(crate) static BALANCE: &Shape = &super::CLI_SHAPE_ACCOUNT_BALANCE;
    /// Book levels (`depth`'s `bids` and `asks`).
    pub(crate) static LEVELS: Shape = Shape::List(&super::CLI_SHAPE_PRICE_LEVEL);
}
