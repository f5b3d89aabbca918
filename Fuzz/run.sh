#!/usr/bin/env bash
# Builds the libFuzzer binary (all harnesses, InkCore compiled in), writes the seed corpus and
# fuzzes one target.  Usage: Fuzz/run.sh [inkml|binary|jsonl|all] [seconds per target]
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-all}"
seconds="${2:-60}"
build=Fuzz/build
mkdir -p "$build"
binary="$build/inkindex-fuzz"

sources=$(find Sources/InkCore -name '*.swift' | sort)
if [[ ! -x "$binary" || -n "$(find Sources/InkCore Fuzz/Harnesses -name '*.swift' -newer "$binary")" ]]; then
    echo "building $binary ..."
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name InkCore \
        -I Sources/CZlib -lz $sources Fuzz/Harnesses/*.swift -o "$binary"
fi

INKINDEX_FUZZ_WRITE_SEEDS="$build/seeds" "$binary" >/dev/null 2>&1 || true

run() {
    local name="$1"
    local corpus="Fuzz/corpus-$name"
    mkdir -p "$corpus" "$build/crashes-$name"
    echo "== fuzzing $name for ${seconds}s (corpus $corpus, seeds $build/seeds/$name)"
    INKINDEX_FUZZ_TARGET="$name" "$binary" "$corpus" "$build/seeds/$name" \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=4096 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$build/crashes-$name/"
}

case "$target" in
    all) for t in inkml binary jsonl; do run "$t"; done ;;
    inkml|binary|jsonl) run "$target" ;;
    *) echo "usage: $0 [inkml|binary|jsonl|all] [seconds]" >&2; exit 2 ;;
esac
