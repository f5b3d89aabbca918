#!/usr/bin/env bash
# The C library's tests, against an installed prefix, as a C program links it:
#   bindings/c/tests/run.sh PREFIX        (after bindings/c/install.sh PREFIX)
# - the header compiles as C99 and as C++ with every warning an error;
# - test_api: every function's success and error paths;
# - test_cycles: a thousand create, use and free cycles of each handle;
# - test_no_resources: the library copied alone, without its weights and language data;
# - both again under AddressSanitizer with LeakSanitizer, where the compiler has them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
prefix=$(cd "${1:?usage: run.sh PREFIX}" && pwd)
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs inkindex)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fixtures="$here/fixtures" notebook="$root/Examples/Notebooks/sermon.xopp"
package="$root/Tests/InkCoreTests/Fixtures/Remarkable/notebook.rmdoc"

echo '#include <inkindex.h>' | cc -std=c99 -Wall -Wextra -Wpedantic -Werror -x c -fsyntax-only $(pkg-config --cflags inkindex) -
echo '#include <inkindex.h>' | c++ -std=c++11 -Wall -Wextra -Wpedantic -Werror -x c++ -fsyntax-only $(pkg-config --cflags inkindex) -

# shellcheck disable=SC2086
cc -std=c99 -Wall -Wextra -Werror "$here/test_api.c" $flags -lpthread -o "$out/test_api"
# shellcheck disable=SC2086
cc -std=c99 -Wall -Wextra -Werror "$here/test_cycles.c" $flags -o "$out/test_cycles"
"$out/test_api" "$fixtures" "$notebook" "$package"
"$out/test_cycles" "$fixtures" 1000

# The library copied alone, without its resources: typed errors, no crash.
mkdir -p "$out/lone/lib"
cp "$prefix/lib/inkindex/libinkindex.so" "$out/lone/lib/"
cc -std=c99 -Wall -Wextra -Werror "$here/test_no_resources.c" $(pkg-config --cflags inkindex) -L"$out/lone/lib" \
    -Wl,-rpath,"$out/lone/lib" -linkindex -o "$out/test_no_resources"
(cd "$out" && env -u INKINDEX_RESOURCES "$out/test_no_resources" "$out")

if echo 'int main(void){return 0;}' | cc -fsanitize=address -x c - -o "$out/probe" 2>/dev/null && "$out/probe"; then
    # shellcheck disable=SC2086
    cc -std=c99 -g -fsanitize=address -fno-omit-frame-pointer "$here/test_api.c" $flags -lpthread -o "$out/test_api_asan"
    # shellcheck disable=SC2086
    cc -std=c99 -g -fsanitize=address -fno-omit-frame-pointer "$here/test_cycles.c" $flags -o "$out/test_cycles_asan"
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=23
    "$out/test_api_asan" "$fixtures" "$notebook" "$package"
    "$out/test_cycles_asan" "$fixtures" 1000
    echo "AddressSanitizer and LeakSanitizer: no reports"
else
    echo "the compiler has no AddressSanitizer here: skipped the sanitized runs"
fi
