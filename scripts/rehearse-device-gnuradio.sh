#!/bin/sh
# Rehearses `GPUFEC_GNURADIO=1 sh .ci/device-run` on this machine (Debian 12 with
# GNU Radio installed system-wide, no GPU) so that everything GNU Radio, Python
# and the test libraries must come from .debs-gr unpacked in the prefix: in a
# private mount namespace (unshare -m, as root) it hides, with bind mounts of
# empty folders and files, the system's copies of what .debs-gr carries:
# - folders: /usr/lib/python3/dist-packages, /usr/lib/python3.11,
#   /usr/local/lib/python3.11, the headers (boost, gnuradio, pmt, volk, spdlog,
#   fmt, python3.11, pybind11, cppunit, CLI, nlohmann), the CMake and
#   pkg-config folders, /usr/share/gnuradio, /etc/gnuradio;
# - files: every library and program of a .debs-gr package installed here
#   (dpkg -L), python3.11 included, except those the toolchain itself loads
#   (cmake, ctest, ninja, gcc, binutils, dpkg-deb, tar, xz: ldd), which the
#   GPU machine brings its own of.
# The build runs without CUDA (GPUFEC_CUDA=OFF): the GPU tests skip.
# Usage, as root, in the checkout (or a worktree) to build:
#   sh scripts/rehearse-device-gnuradio.sh [build dir, default build-devgr]
# Environment: GPUFEC_JOBS (default 2), GPUFEC_PREFIX (default
# /tmp/gpufec-prefix-rehearsal, emptied first), DEBS_GR (default .debs-gr).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
if [ "${GPUFEC_REHEARSAL_INSIDE:-0}" != 1 ]; then
    [ "$(id -u)" = 0 ] || { echo "needs root (unshare -m)" >&2; exit 1; }
    GPUFEC_REHEARSAL_INSIDE=1 exec unshare -m --propagation private sh "$0" "$@"
fi
build=${1:-build-devgr}
debs=${DEBS_GR:-.debs-gr}
[ -f "$debs/PACKAGES" ] || { echo "no $debs/PACKAGES: run scripts/device-gnuradio-debs.sh" >&2; exit 1; }
hide=$(mktemp -d)
mkdir "$hide/dir"
: >"$hide/file"

# libraries the toolchain loads stay visible (the GPU machine has its own)
tools="cmake ctest ninja gcc g++ cc c++ ld ld.bfd as ar readelf dpkg-deb tar xz gzip sh env"
for t in $tools; do command -v "$t"; done >"$hide/tools"
ls /usr/lib/gcc/x86_64-linux-gnu/*/cc1plus /usr/lib/gcc/x86_64-linux-gnu/*/cc1 \
    /usr/lib/gcc/x86_64-linux-gnu/*/collect2 /usr/lib/gcc/x86_64-linux-gnu/*/lto1 \
    /usr/lib/gcc/x86_64-linux-gnu/*/lto-wrapper /usr/lib/gcc/x86_64-linux-gnu/*/liblto_plugin.so \
    2>/dev/null >>"$hide/tools"
while read -r t; do ldd "$t" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p'; done <"$hide/tools" |
    xargs -r realpath | sort -u >"$hide/keep"

n_dirs=0
for d in /usr/lib/python3/dist-packages /usr/lib/python3.11 /usr/local/lib/python3.11 \
    /usr/include/boost /usr/include/gnuradio /usr/include/pmt /usr/include/volk \
    /usr/include/spdlog /usr/include/fmt /usr/include/python3.11 \
    /usr/include/x86_64-linux-gnu/python3.11 /usr/include/pybind11 /usr/include/cppunit \
    /usr/include/CLI /usr/include/nlohmann /usr/lib/x86_64-linux-gnu/cmake /usr/lib/cmake \
    /usr/share/cmake /usr/lib/x86_64-linux-gnu/pkgconfig /usr/share/pkgconfig \
    /usr/share/gnuradio /etc/gnuradio; do
    if [ -d "$d" ]; then
        mount --bind "$hide/dir" "$d"
        n_dirs=$((n_dirs + 1))
    fi
done
n_files=0
n_kept=0
for p in $(sed 's/+gpufec$//' "$debs/PACKAGES"); do
    dpkg -s "$p" >/dev/null 2>&1 || continue
    for f in $(dpkg -L "$p" | grep -E '^(/usr)?/(lib/x86_64-linux-gnu/[^/]*$|lib/x86_64-linux-gnu/(blas|lapack)/|bin/)'); do
        [ -e "$f" ] || continue
        [ -d "$f" ] && continue
        r=$(realpath "$f")
        if grep -qx "$r" "$hide/keep"; then
            n_kept=$((n_kept + 1))
            echo "   $p: $f" >>"$hide/kept"
            continue
        fi
        mount --bind "$hide/file" "$r" 2>/dev/null && n_files=$((n_files + 1))
    done
done
echo "== hidden: $n_dirs folders, $n_files files; left visible for the toolchain: $n_kept files:"
sort -u "$hide/kept" 2>/dev/null || true
# proof that the system's copies are gone
if /usr/bin/python3.11 -c 'print(1)' >/dev/null 2>&1; then echo "system python3.11 still runs" >&2; exit 1; fi
echo "== /usr/bin/python3.11 does not run; /usr/lib/python3/dist-packages holds $(ls /usr/lib/python3/dist-packages | wc -l) entries"

export GPUFEC_PREFIX=${GPUFEC_PREFIX:-/tmp/gpufec-prefix-rehearsal}
rm -rf "$GPUFEC_PREFIX"
GPUFEC_GNURADIO=1 GPUFEC_CUDA=OFF GPUFEC_BUILD_DIR="$build" GPUFEC_JOBS=${GPUFEC_JOBS:-2} \
    sh .ci/device-run
