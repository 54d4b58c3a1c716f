#!/bin/sh
# Sanitizer and fuzzing check of the core, as CI runs it (.ci/run): builds the
# core library, its tests, the apps and the libFuzzer harnesses with clang,
# -fsanitize=address,undefined (every report fatal) and no CUDA or GNU Radio
# (GPUFEC_FUZZ=ON, cmake/GpufecSanitize.cmake), runs the test suite under the
# sanitizers, then each harness for FUZZ_SECONDS (default 30) with
# fuzz/run_fuzzers.sh. Prints what each step took. Needs clang and its
# compiler-rt (Debian: clang libclang-rt-14-dev).
#
#   scripts/sanitizer-check.sh [BUILD_DIR]     (default build-sanitize)
#
# Environment: FUZZ_SECONDS (per harness, default 30), JOBS (default nproc),
# SANITIZE_CTEST_EXCLUDE (a ctest -E regular expression of tests to leave out,
# default none).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
build=${1:-build-sanitize}
seconds=${FUZZ_SECONDS:-30}
jobs=${JOBS:-$(nproc)}

step() { # NAME COMMAND...
    name=$1
    shift
    t0=$(date +%s)
    "$@"
    echo "sanitizer-check: $name took $(($(date +%s) - t0)) s"
}

step "configure (clang, ASan+UBSan, fuzzers)" \
    env CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DENABLE_CUDA=OFF \
    -DENABLE_GNURADIO=OFF -DENABLE_MPI=OFF -DGPUFEC_FUZZ=ON -DCMAKE_BUILD_TYPE=Release
step "build" cmake --build "$build" -j "$jobs"
# leaks are errors; the GPU tests skip (no CUDA in this build)
step "tests under ASan+UBSan" env ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --test-dir "$build" --output-on-failure -j "$jobs" \
    ${SANITIZE_CTEST_EXCLUDE:+-E "$SANITIZE_CTEST_EXCLUDE"}
# the SIMD decoder's whole suite is long under ASan (every ISA x rule x
# precision); where CI leaves it out, its core cases run here: noiseless frames
# on every ISA and precision, lane refill, refused arguments
if [ -n "${SANITIZE_CTEST_EXCLUDE:-}" ] && echo qa_simd_decoder | grep -Eq "$SANITIZE_CTEST_EXCLUDE"; then
    for t in test_noiseless test_lane_refill test_refused; do
        step "qa_simd_decoder::$t under ASan+UBSan" env ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
            UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
            "$build/lib/qa_simd_decoder" "qa_simd_decoder::$t"
    done
fi
step "fuzzers (${seconds} s each)" sh fuzz/run_fuzzers.sh "$build" "$seconds"
