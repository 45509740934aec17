#!/usr/bin/env bash
# Before publishing a version: can every crate be published as it stands?
#
#   scripts/release_check.sh                  # on a clean tree
#   scripts/release_check.sh --allow-dirty    # any arguments go to `cargo package`
#
# 1. CHANGELOG.md's newest section is the workspace's version (`## X.Y.Z ...`).
# 2. `cargo package --workspace`: each publishable crate (contango-codegen, contango-macros,
#    contango-runtime, contango, contango-sim, contango-research, contango-sim-cli, contango-cli,
#    contango-mcp) is packaged, and then built from its
#    packaged files alone (target/package/<crate>-<version>/), the workspace's own crates
#    resolved from the packages just made. This is what catches a file read from outside a crate's directory.
# 3. Reminds, without failing, when `repository` is not set: the real address is not known in
#    this repository; set it in the root Cargo.toml's [workspace.package] before publishing.
#
# Not part of .ci/run: it builds every crate again, from its package, in its own directory.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version=$(cargo metadata --no-deps --format-version 1 |
    python3 -c 'import json, sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "contango"))')
newest=$(grep -m1 -E '^## ' CHANGELOG.md | awk '{print $2}')
if [ "$newest" != "$version" ]; then
    echo "release_check.sh: CHANGELOG.md's newest section is '$newest', the crates are $version" >&2
    exit 1
fi
echo "release_check.sh: CHANGELOG.md starts with $version"

cargo package --workspace "$@"

if ! grep -qE '^repository *=' Cargo.toml; then
    echo "release_check.sh: note: no \`repository\` in Cargo.toml's [workspace.package]; set it before \`cargo publish\`"
fi
echo "release_check.sh: every crate packages and builds from its package ($version)"
