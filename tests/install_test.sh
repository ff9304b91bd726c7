#!/bin/sh
# SPDX-License-Identifier: MIT
# install_test.sh - installs a build into a scratch prefix and builds the
# examples against the installed files the three ways a user would: with
# pkg-config, with CMake's find_package(pdn), and pdn.h from C++.
#
# usage: install_test.sh BUILD_DIR SOURCE_DIR CONFIG CC CMAKE [EXTRA_FLAGS]
#   EXTRA_FLAGS go to every compile and link (the sanitizer flags of the build).
set -eu

if [ $# -lt 5 ]; then
    echo "usage: $0 BUILD_DIR SOURCE_DIR CONFIG CC CMAKE [EXTRA_FLAGS]" >&2
    exit 2
fi
build=$1
src=$2
config=$3
cc=$4
cmake=$5
extra=${6:-}
cxx=${CXX:-c++}

say() { printf '== %s\n' "$*"; }
die() { printf 'install_test.sh: %s\n' "$*" >&2; exit 1; }

if ! command -v pkg-config >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing pkg-config"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            pkg-config >/dev/null
    else
        die "pkg-config is not installed; install it (Debian: apt-get install pkg-config) or run scripts/setup.sh as root"
    fi
fi
command -v "$cxx" >/dev/null 2>&1 || die "no C++ compiler ($cxx); run scripts/setup.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix
demo=$src/examples/demo.pdn

say "cmake --install into a scratch prefix"
"$cmake" --install "$build" --config "$config" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; die "cmake --install failed"; }

pc=$(find "$prefix" -name libpdn.pc -path '*/pkgconfig/*' | head -n 1)
config_file=$(find "$prefix" -name pdnConfig.cmake | head -n 1)
[ -n "$pc" ] || die "libpdn.pc was not installed"
[ -n "$config_file" ] || die "pdnConfig.cmake was not installed"
libdir=$(dirname "$(dirname "$pc")")
for f in "$prefix/include/pdn.h" "$libdir/libpdn.a" "$libdir/libpdn.so" "$libdir/libpdn.so.0" \
    "$prefix/bin/pdn" "$prefix/share/man/man1/pdn.1" \
    "$(dirname "$config_file")/pdnConfigVersion.cmake"; do
    [ -e "$f" ] || die "not installed: ${f#"$prefix"/}"
done
LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

# Each consumer must read the demo file; its three games have warnings only.
expect_demo() {
    out=$("$@" "$demo") || die "$1 failed on $demo (status $?)"
    [ "$out" = "games: 3 errors: 0" ] || die "$1 printed '$out', expected 'games: 3 errors: 0'"
}

say "installed pdn runs"
"$prefix/bin/pdn" --version >/dev/null || die "installed pdn --version failed"

say "pkg-config libpdn"
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
pkg-config --exists libpdn || die "pkg-config does not find libpdn in $PKG_CONFIG_PATH"
# shellcheck disable=SC2046,SC2086  # word splitting of flags is intended
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror $extra "$src/examples/minimal.c" \
    $(pkg-config --cflags --libs libpdn) -o "$tmp/minimal_pc"
expect_demo "$tmp/minimal_pc"

say "find_package(pdn) from a CMake project"
mkdir "$tmp/consumer"
cat >"$tmp/consumer/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.16)
project(pdn_consumer LANGUAGES C)
find_package(pdn 0.1 REQUIRED)
add_executable(minimal_shared "$src/examples/minimal.c")
target_link_libraries(minimal_shared PRIVATE pdn::pdn)
add_executable(minimal_static "$src/examples/minimal.c")
target_link_libraries(minimal_static PRIVATE pdn::pdn_static)
EOF
"$cmake" -S "$tmp/consumer" -B "$tmp/consumer/build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" \
    >"$tmp/consumer.log" 2>&1 || { cat "$tmp/consumer.log" >&2; die "consumer configure failed"; }
"$cmake" --build "$tmp/consumer/build" >>"$tmp/consumer.log" 2>&1 ||
    { cat "$tmp/consumer.log" >&2; die "consumer build failed"; }
expect_demo "$tmp/consumer/build/minimal_shared"
expect_demo "$tmp/consumer/build/minimal_static"

say "pdn.h as C++"
# shellcheck disable=SC2086
"$cxx" -std=c++11 -Wall -Wextra -Werror -pedantic $extra -I"$prefix/include" \
    "$src/examples/header_cxx.cpp" -L"$libdir" -lpdn -o "$tmp/header_cxx"
"$tmp/header_cxx" >/dev/null || die "header_cxx failed"

say "installed files work"
