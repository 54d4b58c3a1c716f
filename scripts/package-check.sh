#!/bin/sh
# Package check (a fresh Debian 12, as root): builds gr-gpufec's Debian packages
# from a clean copy of the repository (git archive of a commit, not the working
# tree; the working tree less build outputs where there is no git checkout),
# checks them with lintian, installs them with apt (which pulls their
# dependencies), checks the INSTALLED files only (no PYTHONPATH, no build tree):
#   - Python: /usr/bin/python3 imports gnuradio.gpufec from dist-packages and
#     decodes noisy frames on the CPU; the installed example flowgraph runs,
#   - the apps on PATH: gpufec-info, a tiny gpufec-ber run, gpufec-plot --help,
#     their manual pages,
#   - grcc compiles the installed examples/*.grc with the installed GRC blocks,
#   - find_package(gnuradio-gpufec) and find_package(gpufec) in a tiny CMake
#     project, built and run,
#   - the module's Python QA (gr_unittest files of python/gpufec/qa) against the
#     installed module,
# then removes the packages. Each step prints what it took.
#
#   sh scripts/package-check.sh
#
# Environment:
#   DEB_BUILD_OPTIONS    for dpkg-buildpackage (default "nocheck": the test suite
#                        is CI's own step; add "nocuda" for a CPU-only build,
#                        debian/rules)
#   PACKAGE_CHECK_REF    the commit to package (default HEAD)
#   PACKAGE_CHECK_DIR    work folder (default /tmp/gpufec-package-check; emptied)
#   PACKAGE_CHECK_KEEP=1 leave the packages installed at the end
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
cd "$(dirname "$0")/.."
repo=$(pwd)
export DEBIAN_FRONTEND=noninteractive
export DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS-nocheck}"
ref=${PACKAGE_CHECK_REF:-HEAD}
work=${PACKAGE_CHECK_DIR:-/tmp/gpufec-package-check}
# wait for another apt/dpkg to finish rather than fail
apt_get() { apt-get -o DPkg::Lock::Timeout=900 "$@"; }

step() { # NAME COMMAND...
    name=$1
    shift
    t0=$(date +%s)
    "$@"
    echo "package-check: $name took $(($(date +%s) - t0)) s"
}

# remove the packages on the way out, also after a failed check (PACKAGE_CHECK_KEEP=1 keeps them)
installed=0
remove_packages() {
    apt_get purge -y gr-gpufec gr-gpufec-dev
    for f in /usr/lib/python3/dist-packages/gnuradio/gpufec \
        /usr/share/gnuradio/grc/blocks/gpufec_ldpc_decoder_fb.block.yml /usr/bin/gpufec-ber; do
        if [ -e "$f" ]; then
            echo "package-check: $f is still there after purge" >&2
            return 1
        fi
    done
    installed=0
}
cleanup() {
    if [ "$installed" = 1 ] && [ "${PACKAGE_CHECK_KEEP:-0}" != 1 ]; then
        echo "package-check: removing the packages after a failure"
        remove_packages || true
    fi
}
trap cleanup EXIT

# git of this checkout whoever owns it (CI runs as root); without git, or outside
# a repository, the working tree's files stand in for the commit's
g() { git -c safe.directory="$repo" -C "$repo" "$@"; }
if command -v git >/dev/null 2>&1 && g rev-parse --verify -q "$ref^{commit}" >/dev/null 2>&1; then
    from_git=1
    show() { g show "$ref:$1"; }
else
    from_git=0
    echo "package-check: $repo is not a git checkout with $ref: packaging its working tree"
    show() { cat "$repo/$1"; }
fi
# the upstream version of debian/changelog must be the CMake project's
version=$(show CMakeLists.txt | sed -n 's/^project(gr-gpufec VERSION \([0-9.]*\).*/\1/p')
deb_version=$(show debian/changelog | sed -n '1s/^gr-gpufec (\([^)-]*\).*/\1/p')
if [ "$version" != "$deb_version" ]; then
    echo "package-check: debian/changelog has $deb_version, CMakeLists.txt $version" >&2
    exit 1
fi
src=$work/gr-gpufec-$version

tools() {
    apt_get update
    apt_get install -y --no-install-recommends dpkg-dev debhelper dh-python lintian \
        build-essential git
}

source_tree() {
    rm -rf "$work"
    mkdir -p "$src"
    if [ "$from_git" = 1 ]; then
        g archive "$ref" | tar -x -C "$src"
        echo "package-check: $(g rev-parse --short "$ref") in $src"
    else
        # the working tree less build outputs and the device tool's staging
        tar -C "$repo" --exclude='./build*' --exclude='./obj-*' --exclude='./.wt' \
            --exclude='./.debs*' --exclude='./.refcodes*' --exclude='./.git' -cf - . |
            tar -x -C "$src"
        echo "package-check: the working tree of $repo in $src"
    fi
}

build_deps() { (cd "$src" && apt_get build-dep -y --no-install-recommends ./); }

build() {
    echo "package-check: DEB_BUILD_OPTIONS=$DEB_BUILD_OPTIONS"
    (cd "$src" && nice dpkg-buildpackage -us -uc -b)
    ls -l "$work"/*.deb
}

# errors and warnings fail; each override in debian/*.lintian-overrides says why
run_lintian() {
    lintian --display-info --fail-on error,warning "$work"/gr-gpufec_*.changes
}

install_packages() {
    if dpkg -s gr-gpufec >/dev/null 2>&1 || dpkg -s gr-gpufec-dev >/dev/null 2>&1; then
        echo "package-check: removing the gr-gpufec packages installed before"
        apt_get purge -y gr-gpufec gr-gpufec-dev
    fi
    installed=1
    (cd "$work" && apt_get install -y --no-install-recommends ./gr-gpufec_*.deb ./gr-gpufec-dev_*.deb)
    dpkg -l gr-gpufec gr-gpufec-dev | tail -n 2
    if [ ! -d /usr/share/doc/gr-gpufec/examples ] || [ ! -d /usr/share/man/man1 ]; then
        echo "package-check: /usr/share/doc/gr-gpufec/examples or /usr/share/man/man1 is missing:" \
            "a dpkg path-exclude (/etc/dpkg/dpkg.cfg.d/, as in slim container images)" \
            "drops them; remove it and run again" >&2
        exit 1
    fi
}

# the checks run in an empty folder with none of the variables that would reach
# a build tree, and with a HOME of their own: GRC caches parsed block files in
# ~/.cache/grc_gnuradio by modification time, and dpkg installs every version's
# files with the same time (SOURCE_DATE_EPOCH), so a cache left by an earlier
# version would hide the installed block files
chk=$work/checks
clean_env() {
    mkdir -p "$chk/home"
    env -u PYTHONPATH -u LD_LIBRARY_PATH -u GRC_BLOCKS_PATH -u CMAKE_PREFIX_PATH \
        HOME="$chk/home" \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
}

check_python() {
    mkdir -p "$chk/python"
    cd "$chk/python"
    clean_env /usr/bin/python3 -c '
import numpy as np
from gnuradio import gpufec
print("gnuradio.gpufec from", gpufec.__file__)
assert gpufec.__file__.startswith("/usr/lib/python3/dist-packages/gnuradio/gpufec/"), gpufec.__file__
print(gpufec.describe_backends())
code = gpufec.ldpc_code("wifi:1944:1/2")
info = np.random.default_rng(3).integers(0, 2, size=(40, code.k), dtype=np.uint8)
llrs = gpufec.awgn_channel("bpsk", 3.0, code.rate, seed=11).transmit(code.encode(info))
bits, its, ok = gpufec.batch_decoder(code, backend="cpu").decode(llrs)
good = int((bits == info).all(axis=1).sum())
print("decoded %d/%d noisy frames (Eb/N0 3 dB) on the CPU, at most %d iterations"
      % (good, len(info), its.max()))
assert good >= 39 and its.max() > 1
# backend auto: the GPU where a CUDA driver and device work, else the CPU
auto = gpufec.batch_decoder(code)
bits, _, _ = auto.decode(llrs)
print("backend auto decoded on", auto.backend)
assert int((bits == info).all(axis=1).sum()) >= 39
'
    # the installed example: a GNU Radio flowgraph, encoder and decoder blocks
    ex=/usr/share/doc/gr-gpufec/examples
    clean_env /usr/bin/python3 "$ex/ldpc_awgn_loopback.py" --code wimax:2304:1/2 \
        --ebn0 2.5 --frames 200 --backend cpu
    cd "$repo"
}

check_apps() {
    mkdir -p "$chk/apps"
    cd "$chk/apps"
    for app in gpufec-info gpufec-ber gpufec-bench gpufec-plot; do
        p=$(clean_env sh -c "command -v $app")
        [ "$p" = "/usr/bin/$app" ] || { echo "package-check: $app is $p" >&2; exit 1; }
        [ -f "/usr/share/man/man1/$app.1.gz" ] || { echo "package-check: no man page of $app" >&2; exit 1; }
    done
    clean_env gpufec-info
    clean_env gpufec-info --code wifi:648:1/2 | grep -q '^N: 648$'
    clean_env gpufec-ber --code wifi:648:1/2 --ebn0 0:4:2 --max-frames 200 \
        --min-frame-errors 20 --iterations 8 --backend cpu --threads 2 --json ber.json
    grep -q '"code": "wifi:648:1/2"' ber.json
    clean_env gpufec-plot --help >/dev/null
    cd "$repo"
}

check_grc() {
    mkdir -p "$chk/grc"
    cd "$chk/grc"
    ex=/usr/share/doc/gr-gpufec/examples
    n=0
    for g in "$ex"/*.grc; do
        out=$chk/grc/$(basename "$g" .grc)
        mkdir -p "$out"
        clean_env grcc -o "$out" "$g"
        ls "$out"/*.py >/dev/null
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || { echo "package-check: no installed examples/*.grc" >&2; exit 1; }
    echo "package-check: grcc compiled $n installed flowgraphs with the installed blocks"
    cd "$repo"
}

# the module's Python QA (python/gpufec/qa, from the packaged source tree) against
# the installed module: no PYTHONPATH, so each file's `import gpufec` (the build
# tree's name) fails and it takes `from gnuradio import gpufec` from
# dist-packages; the backend is GPUFEC_TEST_BACKEND (default cpu)
check_qa() {
    mkdir -p "$chk/qa"
    cd "$chk/qa"
    refcodes=""
    if [ -d "$repo/../shared/refcodes" ]; then refcodes=$(cd "$repo/../shared/refcodes" && pwd); fi
    failed=""
    n=0
    for qa in "$src"/python/gpufec/qa/qa_*.py; do
        qa_name=$(basename "$qa" .py)
        qa_t0=$(date +%s)
        rc=0
        clean_env GPUFEC_REFCODES_DIR="${GPUFEC_REFCODES_DIR:-$refcodes}" \
            GPUFEC_TEST_BACKEND="${GPUFEC_TEST_BACKEND:-cpu}" \
            /usr/bin/python3 -B "$qa" >"$chk/qa/$qa_name.log" 2>&1 || rc=$?
        case $rc in
        0) verdict=passed ;;
        77) verdict=skipped ;;
        *) verdict="FAILED (exit $rc)" failed="$failed $qa_name" ;;
        esac
        echo "package-check: $qa_name (installed module) $verdict, $(($(date +%s) - qa_t0)) s"
        [ "$rc" = 0 ] || [ "$rc" = 77 ] || tail -30 "$chk/qa/$qa_name.log"
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || { echo "package-check: no Python QA found in $src" >&2; exit 1; }
    if [ -n "$failed" ]; then
        echo "package-check: Python QA against the installed module failed:$failed" >&2
        exit 1
    fi
    cd "$repo"
}

check_cmake() {
    p=$chk/cmake
    mkdir -p "$p"
    cat >"$p/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.16)
project(gpufec_consumer CXX)
find_package(gnuradio-gpufec REQUIRED)
find_package(gpufec REQUIRED)
message(STATUS "gnuradio-gpufec ${gnuradio-gpufec_VERSION} from ${gnuradio-gpufec_DIR}")
add_executable(consumer main.cc)
target_link_libraries(consumer PRIVATE gnuradio::gnuradio-gpufec gpufec::gpufec)
EOF
    cat >"$p/main.cc" <<'EOF'
#include <gnuradio/gpufec/ldpc_encoder_bb.h>
#include <gpufec/ldpc_code.h>
#include <iostream>
int main()
{
    const auto code = gpufec::ldpc_code::make("wimax:2304:1/2");
    const auto enc = gr::gpufec::ldpc_encoder_bb::make("wimax:2304:1/2");
    std::cout << "n " << code->n() << " k " << code->k() << ", block " << enc->name() << "\n";
    return code->n() == 2304 && code->k() == 1152 ? 0 : 1;
}
EOF
    clean_env cmake -S "$p" -B "$p/build"
    clean_env cmake --build "$p/build"
    clean_env "$p/build/consumer"
}

echo "package-check: gr-gpufec $version ($ref), work folder $work"
start=$(date +%s)
step "apt tools" tools
step "source tree (git archive)" source_tree
step "build dependencies" build_deps
step "dpkg-buildpackage" build
step "lintian" run_lintian
step "install (apt-get install ./*.deb)" install_packages
step "check: Python module and example flowgraph" check_python
step "check: apps on PATH" check_apps
step "check: grcc with the installed GRC blocks" check_grc
step "check: CMake config (find_package)" check_cmake
step "check: the Python QA against the installed module" check_qa
step "remove" remove_packages
echo "package-check: total $(($(date +%s) - start)) s"
