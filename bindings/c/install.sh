#!/usr/bin/env bash
# Installs libinkindex, InkIndex's C library, into a prefix:
#   PREFIX/include/inkindex.h                 the header
#   PREFIX/lib/inkindex/libinkindex.so        the library, with the Swift runtime libraries it needs
#   PREFIX/lib/pkgconfig/inkindex.pc          for `cc $(pkg-config --cflags --libs inkindex)`
#   PREFIX/share/inkindex/*.resources         the weights and language data it reads
#
#   bindings/c/install.sh [PREFIX]            default /usr/local; CONFIG=debug for a debug build
#
# Linux. Then: export PKG_CONFIG_PATH=PREFIX/lib/pkgconfig (where PREFIX is not a system one).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
prefix=$(mkdir -p "${1:-/usr/local}" && cd "${1:-/usr/local}" && pwd)
config=${CONFIG:-release}
cd "$root"

swift build -c "$config" --product InkIndexC
bin=$(swift build -c "$config" --show-bin-path)
library="$bin/libInkIndexC.so"

libdir="$prefix/lib/inkindex"
mkdir -p "$libdir" "$prefix/include" "$prefix/lib/pkgconfig" "$prefix/share/inkindex"
# Installed under its C name. It has no SONAME, so a program linked with -linkindex records
# libinkindex.so, found through the rpath pkg-config gives it.
install -m 755 "$library" "$libdir/libinkindex.so"
# The Swift runtime and Foundation libraries it loads (those of the toolchain, as ldd resolves
# them), beside it: its RUNPATH has $ORIGIN, so a machine without Swift finds them there.
toolchain=$(cd "$(dirname "$(command -v swift)")/.." && pwd)
ldd "$library" | awk '/=>/ { print $3 }' | while read -r dependency; do
    case "$(readlink -f "$dependency")" in
        "$toolchain"/*) install -m 644 "$dependency" "$libdir/" ;;
    esac
done
install -m 644 bindings/c/include/inkindex.h "$prefix/include/inkindex.h"
for target in InkRecognition InkIndexLanguages InkSearch; do
    rm -rf "$prefix/share/inkindex/InkIndex_$target.resources"
    cp -R "$bin/InkIndex_$target.resources" "$prefix/share/inkindex/"
done
version=$(sed -n 's/.*public static let version = "\(.*\)"/\1/p' Sources/InkIndex/InkIndex.swift)
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" bindings/c/inkindex.pc.in > "$prefix/lib/pkgconfig/inkindex.pc"
echo "installed libinkindex $version into $prefix (pkg-config: PKG_CONFIG_PATH=$prefix/lib/pkgconfig)"
