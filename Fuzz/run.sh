#!/usr/bin/env bash
# Builds the libFuzzer binary (every harness, the package compiled in with coverage and
# AddressSanitizer), writes the seed corpus and fuzzes targets.
# Usage: Fuzz/run.sh [inkml|binary|jsonl|scripture|query|strokes|library|xournal|remarkable|rnote|saber|pdf|http|all] [seconds per target]
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(inkml binary jsonl scripture query strokes library xournal remarkable rnote saber pdf http)
target="${1:-all}"
seconds="${2:-60}"
build=Fuzz/build
mkdir -p "$build"

# INKINDEX_FUZZ=1 makes Package.swift declare the `inkindex-fuzz` executable (Fuzz/Harnesses).
# Its own scratch path keeps the instrumented modules apart from `swift build`'s. -enable-testing
# lets the harnesses reach internal API (`@testable import`); dead stripping would drop the
# coverage counters.
# swiftc keeps only the last -sanitize flag it is given, and SwiftPM passes several --sanitize
# options in no fixed order, so SwiftPM is told of the fuzzer alone (it then leaves `main` to
# libFuzzer) and the flag that counts comes last, through -Xswiftc. Every SwiftPM call on this
# scratch path takes the same flags: one without them (even --show-bin-path) would make the next
# build compile the whole package again.
spm=(swift build -c release --scratch-path "$build/spm" --sanitize=fuzzer --disable-dead-strip
     -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)
echo "building inkindex-fuzz ..."
INKINDEX_FUZZ=1 "${spm[@]}" --product inkindex-fuzz
binary="$(INKINDEX_FUZZ=1 "${spm[@]}" --show-bin-path)/inkindex-fuzz"
if ! grep -q __sancov_cntrs "$binary"; then
    echo "$binary has no coverage counters: libFuzzer would fuzz blind" >&2
    exit 1
fi

INKINDEX_FUZZ_WRITE_SEEDS="$build/seeds" "$binary" >/dev/null 2>&1 || true

run() {
    local name="$1"
    local corpus="Fuzz/corpus-$name"
    mkdir -p "$corpus" "$build/crashes-$name"
    echo "== fuzzing $name for ${seconds}s (corpus $corpus, seeds $build/seeds/$name)"
    # The Swift runtime's backtracer and AddressSanitizer both catch a trap; leave it to libFuzzer.
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp" INKINDEX_FUZZ_TARGET="$name" "$binary" "$corpus" "$build/seeds/$name" \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$build/crashes-$name/"
}

case "$target" in
    all) for t in "${targets[@]}"; do run "$t"; done ;;
    inkml|binary|jsonl|scripture|query|strokes|library|xournal|remarkable|rnote|saber|pdf|http) run "$target" ;;
    *) echo "usage: $0 [inkml|binary|jsonl|scripture|query|strokes|library|xournal|remarkable|rnote|saber|pdf|http|all] [seconds]" >&2; exit 2 ;;
esac
