#!/usr/bin/env bash
# Bounded fuzz run of contango's decoders and spec loader (cargo-fuzz / libFuzzer).
#
#   scripts/fuzz.sh                  # every target, FUZZ_SECONDS (60) each
#   FUZZ_SECONDS=300 scripts/fuzz.sh envelope spec
#
# Environment:
#   FUZZ_SECONDS    seconds per target (libFuzzer -max_total_time), default 60
#   FUZZ_SANITIZER  address (default) or none; `none` is also used automatically when an
#                   AddressSanitizer build fails on this toolchain
#   FUZZ_TOOLCHAIN  a rustup toolchain to build with (e.g. nightly); default: the default
#                   toolchain, with RUSTC_BOOTSTRAP=1 so stable accepts cargo-fuzz's -Z flags
#   FUZZ_ARGS       extra libFuzzer arguments for every target
#
# Builds the seed corpus from ../shared/fixtures/real-world (fuzz/build_corpus.py), then runs each
# target for the time given. Exits non-zero when any target found a crash, a timeout or an
# out-of-memory input; they are saved under fuzz/artifacts/<target>/ (see fuzz/README.md for
# turning one into a regression test). Not part of .ci/run: it is a documented command.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ="$ROOT/fuzz"
FIXTURES="${FUZZ_FIXTURES:-$ROOT/../shared/fixtures/real-world}"
SECONDS_PER_TARGET="${FUZZ_SECONDS:-60}"
SANITIZER="${FUZZ_SANITIZER:-address}"
ALL_TARGETS=(envelope responses stream market spec recording)
if [ "$#" -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

# The fuzz project has its own target dir (other RUSTFLAGS than the workspace's builds).
unset CARGO_TARGET_DIR
cargo_fuzz=(cargo)
if [ -n "${FUZZ_TOOLCHAIN:-}" ]; then
    cargo_fuzz=(cargo "+$FUZZ_TOOLCHAIN")
else
    export RUSTC_BOOTSTRAP=1
fi
cargo_fuzz+=(fuzz)

log() { printf 'fuzz.sh: %s\n' "$*" >&2; }

# 1. cargo-fuzz itself.
if ! cargo fuzz --version >/dev/null 2>&1; then
    log "installing cargo-fuzz (a few minutes, once)"
    cargo install cargo-fuzz --locked
fi

# 2. Seed corpus from the real-world payloads (rewrites seed-* files, keeps what the fuzzer found).
if [ ! -d "$FIXTURES" ]; then
    log "fixtures not found at $FIXTURES (set FUZZ_FIXTURES)"
    exit 2
fi
python3 "$FUZZ/build_corpus.py" "$FIXTURES" "$FUZZ/corpus" "$ROOT/spec/futures.yaml" \
    "$ROOT/tests/ui/specs" >&2

# 3. Build once (all targets), falling back to no sanitizer when ASan cannot be built here.
cd "$FUZZ"
build() { "${cargo_fuzz[@]}" build --sanitizer "$SANITIZER" "$1"; }
for t in "${TARGETS[@]}"; do
    if ! build "$t"; then
        if [ "$SANITIZER" != none ]; then
            log "building $t with --sanitizer $SANITIZER failed; retrying with --sanitizer none"
            SANITIZER=none
            build "$t"
        else
            exit 2
        fi
    fi
done

# 4. Run each target for a bounded time.
# -timeout: one input running longer than this is reported as a hang.
# -rss_limit_mb / -malloc_limit_mb: a decoder that allocates from a size the input claims
#   shows up as an out-of-memory crash (largest input is ~100 KiB; nothing needs 256 MiB).
failed=()
summary=()
for t in "${TARGETS[@]}"; do
    mkdir -p "$FUZZ/artifacts/$t"
    before="$(ls "$FUZZ/artifacts/$t" | wc -l)"
    out="$FUZZ/artifacts/$t.log"
    log "running $t for ${SECONDS_PER_TARGET}s (sanitizer: $SANITIZER)"
    set +e
    # shellcheck disable=SC2086
    extra=()
    if [ -d "$FUZZ/regressions/$t" ]; then extra=("$FUZZ/regressions/$t"); fi
    "${cargo_fuzz[@]}" run --sanitizer "$SANITIZER" "$t" "$FUZZ/corpus/$t" "${extra[@]}" -- \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
        -malloc_limit_mb=256 -print_final_stats=1 ${FUZZ_ARGS:-} >"$out" 2>&1
    rc=$?
    set -e
    after="$(ls "$FUZZ/artifacts/$t" | wc -l)"
    # A target that crashed early printed no stats: `?` in the summary, not an exit here.
    runs="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$out" | grep -oE '[0-9]+$' | tail -1 || true)"
    secs="$(grep -oE 'Done [0-9]+ runs in [0-9]+ second' "$out" | grep -oE '[0-9]+ second' | grep -oE '[0-9]+' | tail -1 || true)"
    corpus="$(ls "$FUZZ/corpus/$t" | wc -l)"
    line="$t: ${runs:-?} executions in ${secs:-?} s, corpus $corpus, new artifacts $((after - before)), exit $rc"
    summary+=("$line")
    if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then
        failed+=("$t")
        log "$t FAILED; last lines of $out:"
        tail -n 40 "$out" >&2
    fi
done

echo "fuzz summary (${SECONDS_PER_TARGET}s per target, sanitizer $SANITIZER):"
printf '  %s\n' "${summary[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "crashes in: ${failed[*]} (inputs in fuzz/artifacts/<target>/; see fuzz/README.md)"
    exit 1
fi
echo "crashes: none"
