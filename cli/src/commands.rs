//! The subcommands of `spec/futures.yaml`, generated: one per endpoint, each filling the SDK's
//! builder of that endpoint. Editing the spec and rebuilding changes them. `cli/spec/futures.yaml`
//! is a symbolic link to the workspace's spec, so the one file is read here and a package of
//! this crate carries a copy (`cargo package` follows the link).

use contango::*;

contango_macros::generate_cli!("spec/futures.yaml");
