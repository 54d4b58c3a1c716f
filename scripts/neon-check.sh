#!/usr/bin/env bash
# Cross build of libgpufec, its apps and CppUnit tests for AArch64 (the NEON
# protokernels, docs/SIMD_DESIGN.md) and the tests run under qemu-aarch64, from an
# x86-64 Debian/Ubuntu host, in one command:
#
#   scripts/neon-check.sh                 # all tests (slow under qemu)
#   scripts/neon-check.sh 'simd|cpu_dec'  # ctest -R regex
#
# Run as root it installs what it needs with apt-get (g++-aarch64-linux-gnu,
# qemu-user, cmake, ninja-build; arm64 CppUnit and CLI11 fetched with
# `apt-get download` and unpacked with `dpkg -x` into $BUILD/sysroot).
# Environment: BUILD (default build-aarch64), JOBS (default 2),
# GPUFEC_REFCODES_DIR (default ../shared/refcodes), CTEST_ARGS (extra ctest args).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$SRC/build-aarch64}
JOBS=${JOBS:-2}
REFCODES=${GPUFEC_REFCODES_DIR:-$SRC/../shared/refcodes}
SYSROOT=$BUILD/sysroot
REGEX=${1:-}

need=()
command -v aarch64-linux-gnu-g++ >/dev/null || need+=(g++-aarch64-linux-gnu)
command -v qemu-aarch64 >/dev/null || need+=(qemu-user)
command -v cmake >/dev/null || need+=(cmake)
command -v ninja >/dev/null || need+=(ninja-build)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "neon-check: missing ${need[*]}; install them (or run as root)" >&2
        exit 1
    fi
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
fi

# arm64 CppUnit (library + headers) and CLI11 (headers) into a private prefix
if [ ! -e "$SYSROOT/.done" ]; then
    mkdir -p "$SYSROOT/debs"
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        if [ "$(id -u)" -ne 0 ]; then
            echo "neon-check: run 'dpkg --add-architecture arm64 && apt-get update' as root" >&2
            exit 1
        fi
        dpkg --add-architecture arm64
        apt-get update
    fi
    runtime=$(apt-cache depends libcppunit-dev:arm64 2>/dev/null | grep -o 'libcppunit-[0-9.]*-[0-9]*' | head -n1 || true)
    if [ -z "$runtime" ] && [ "$(id -u)" -eq 0 ]; then
        apt-get update
        runtime=$(apt-cache depends libcppunit-dev:arm64 2>/dev/null | grep -o 'libcppunit-[0-9.]*-[0-9]*' | head -n1 || true)
    fi
    if [ -z "$runtime" ]; then
        echo "neon-check: no arm64 libcppunit-dev in the apt lists (apt-get update?)" >&2
        exit 1
    fi
    (cd "$SYSROOT/debs" && apt-get download libcppunit-dev:arm64 "$runtime:arm64" libcli11-dev)
    for deb in "$SYSROOT"/debs/*.deb; do
        dpkg -x "$deb" "$SYSROOT"
    done
    touch "$SYSROOT/.done"
fi

export GPUFEC_AARCH64_SYSROOT=$SYSROOT
cmake -S "$SRC" -B "$BUILD" -G Ninja \
    -DCMAKE_TOOLCHAIN_FILE="$SRC/cmake/toolchains/aarch64-linux-gnu.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DENABLE_GNURADIO=OFF -DENABLE_CUDA=OFF \
    -DGPUFEC_REFCODES_DIR="$REFCODES"
cmake --build "$BUILD" -j "$JOBS"

# the protokernels the library finds under qemu (generic and neon expected)
"$(command -v qemu-aarch64)" -L /usr/aarch64-linux-gnu "$BUILD/apps/gpufec-info" | grep -i '^cpu' || true

ctest_args=(--test-dir "$BUILD" --output-on-failure -j "$JOBS" -LE gpu)
[ -n "$REGEX" ] && ctest_args+=(-R "$REGEX")
# The apps' bad-command-line checks run the binary from a `cmake -P` script
# (apps/tests/check_exit.cmake), which bypasses CMAKE_CROSSCOMPILING_EMULATOR and
# cannot start an AArch64 binary here: left out (argument parsing, not SIMD).
skip=$(grep -h '^add_test' "$BUILD/apps/CTestTestfile.cmake" 2>/dev/null | grep -e '-DEXE=' |
    sed 's/^add_test(\([A-Za-z0-9_]*\).*/\1/' | paste -sd'|' - || true)
if [ -n "$skip" ]; then
    echo "neon-check: not run under qemu (cmake -P drivers): ${skip//|/ }"
    ctest_args+=(-E "^($skip)\$")
fi
# shellcheck disable=SC2086
ctest "${ctest_args[@]}" ${CTEST_ARGS:-}
