//! The subcommands of `spec/futures.yaml`, generated: one per endpoint, each filling the SDK's
//! builder of that endpoint. Editing the spec and rebuilding changes them.

use contango::*;

contango_macros::generate_cli!("../spec/futures.yaml");
