#!/bin/sh
# Downloads into .debs-gr/ the Debian 12 (bookworm, amd64) packages that build
# gr-gpufec with ENABLE_GNURADIO=ON and run its C++ and Python QA and examples
# on the GPU machine, which has CUDA, CMake, ninja and a compiler but no GNU
# Radio, no registry and no network. `GPUFEC_GNURADIO=1 sh .ci/device-run`
# unpacks them into a prefix (/tmp/gpufec-prefix), never into /.
#
# Run here, on Debian 12 with up-to-date apt lists:
#   sh scripts/device-gnuradio-debs.sh
#
# The list below is the closure of what a full build and ctest open (strace -f
# of cmake, ninja and ctest against an installed GNU Radio 3.10.5, mapped to
# packages with dpkg -S), checked again at the end of this script: every ELF
# file the prefix holds must find its DT_NEEDED libraries in the prefix or in
# the base set (glibc, libstdc++6, libgcc-s1), except the few files named in
# UNUSED_ELF (GNU Radio modules and Python extensions the QA never loads).
# Left out on purpose: libc6, libstdc++6, libgcc-s1 (any Linux has them) and
# the toolchain (gcc/g++, binutils, libc6-dev, libstdc++-12-dev, linux-libc-dev,
# cmake, ninja), which the GPU machine brings; libpython3.11 (the embedding
# library: python3.11 has the interpreter built in, nothing here links it),
# the libgnuradio-* of modules the QA does not import (qtgui, uhd, soapy, iio,
# zeromq, audio, ...) and their dependencies (Qt, UHD, ICU, ...), and the boost
# unit_test_framework (configure with -DENABLE_TESTING=OFF, GNU Radio's switch).
# Two packages are repacked smaller with dpkg-deb (file names end in +gpufec):
# libboost1.74-dev keeps only the header modules the build includes (BOOST_KEEP,
# whole top-level folders) and libpython3.11-dev loses its static libraries.
# The .debs together must stay near 40 MiB (the device tool carries 64 MiB).
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu
root=$(git rev-parse --show-toplevel)
cd "$root"
dest=.debs-gr

PKGS="
python3.11-minimal libpython3.11-minimal libpython3.11-stdlib libpython3.11-dev
python3-numpy libblas3 liblapack3 libgfortran5 libquadmath0
python3-yaml libyaml-0-2 python3-mako python3-markupsafe
libffi8 libssl3 zlib1g libexpat1 libbz2-1.0 liblzma5
gnuradio gnuradio-dev
libgnuradio-runtime3.10.5 libgnuradio-pmt3.10.5 libgnuradio-blocks3.10.5
libgnuradio-fec3.10.5 libgnuradio-fft3.10.5 libgnuradio-filter3.10.5
libgnuradio-analog3.10.5 libgnuradio-digital3.10.5 libgnuradio-dtv3.10.5
libgnuradio-pdu3.10.5 libgnuradio-network3.10.5
libvolk2.5 libvolk2-dev liborc-0.4-0
libspdlog1.10 libspdlog-dev libfmt9 libfmt-dev
libgmp10 libgmpxx4ldbl libgmp-dev libfftw3-single3 libgsl27 libgslcblas0
libthrift-0.17.0 libunwind8
libsndfile1 libflac12 libmp3lame0 libmpg123-0 libogg0 libopus0 libvorbis0a libvorbisenc2
libboost1.74-dev
libboost-date-time1.74-dev libboost-program-options1.74-dev libboost-system1.74-dev
libboost-regex1.74-dev libboost-thread1.74-dev libboost-atomic1.74-dev libboost-chrono1.74-dev
libboost-program-options1.74.0 libboost-thread1.74.0 libboost-atomic1.74.0 libboost-chrono1.74.0
libboost-date-time1.74.0
pybind11-dev libcppunit-dev libcppunit-1.15-0 nlohmann-json3-dev libcli11-dev
"

# top-level modules of /usr/include/boost that the build opens (GNU Radio's
# headers and ours, with gcc 12); kept whole so that another gcc finds its
# variants too
BOOST_KEEP="any assert bind cerrno checked_delete chrono config container_hash core
cstdint current_function date_time detail enable_shared_from_this exception format
functional get_pointer integer integer_fwd integer_traits io io_fwd is_placeholder
limits mem_fn move mpl none none_t numeric operators optional predef predef.h
preprocessor ratio ref shared_ptr smart_ptr static_assert system thread throw_exception
type type_index type_traits utility version visit_each"

# ELF files whose libraries do not travel: nothing in the build or the QA loads them
UNUSED_ELF="gnuradio/audio gnuradio/iio gnuradio/qtgui gnuradio/soapy gnuradio/uhd
gnuradio/video_sdl gnuradio/vocoder gnuradio/zeromq gnuradio/channels
gnuradio/trellis gnuradio/wavelet
libthriftqt5 libfftw3f_omp
lib-dynload/_dbm lib-dynload/_gdbm lib-dynload/_sqlite3 lib-dynload/_uuid
lib-dynload/readline lib-dynload/_curses lib-dynload/nis lib-dynload/_crypt
lib-dynload/_lsprof lib-dynload/_tkinter lib-dynload/audioop
libboost_unit_test lib/x86_64-linux-gnu/libpython3.11.so"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/debs"
# shellcheck disable=SC2086
(cd "$tmp/debs" && apt-get download $PKGS >/dev/null)

# repack $1 (a .deb) after deleting files: $2 lists what to delete under
# its unpacked tree, relative paths, one per line
repack() {
    deb=$1
    dpkg-deb -R "$deb" "$tmp/r"
    echo "$2" | while read -r f; do [ -n "$f" ] && rm -rf "$tmp/r/$f"; done
    out=$(echo "$deb" | sed 's/_amd64\.deb$/+gpufec_amd64.deb/; s/_all\.deb$/+gpufec_all.deb/')
    dpkg-deb -Zxz -b "$tmp/r" "$out" >/dev/null
    rm -rf "$tmp/r" "$deb"
}
boost_deb=$(ls "$tmp"/debs/libboost1.74-dev_*.deb)
boost_drop=$(dpkg-deb -c "$boost_deb" | awk '{print $6}' | sed -n 's|^\./usr/include/boost/\([^/][^/]*\)/*$|\1|p' |
    sort -u | while read -r f; do
        b=${f%.hpp}
        b=${b%.h}
        case " $(echo $BOOST_KEEP) " in *" $b "* | *" $f "*) ;; *) echo "usr/include/boost/$f" ;; esac
    done)
repack "$boost_deb" "$boost_drop"
py_deb=$(ls "$tmp"/debs/libpython3.11-dev_*.deb)
repack "$py_deb" "$(dpkg-deb -c "$py_deb" | awk '{print $6}' | sed -n 's|^\./\(.*\.a\)$|\1|p')"

# closure check: unpack everything and resolve every ELF file's DT_NEEDED
pre="$tmp/prefix"
mkdir "$pre"
for f in "$tmp"/debs/*.deb; do dpkg -x "$f" "$pre"; done
libdirs="$pre/usr/lib/x86_64-linux-gnu $pre/lib/x86_64-linux-gnu
$pre/usr/lib/x86_64-linux-gnu/blas $pre/usr/lib/x86_64-linux-gnu/lapack"
base=" libc.so.6 libm.so.6 libpthread.so.0 libdl.so.2 librt.so.1 libutil.so.1 ld-linux-x86-64.so.2 libresolv.so.2 libstdc++.so.6 libgcc_s.so.1 "
missing=0
for h in boost/config.hpp boost/format.hpp boost/thread.hpp gnuradio/block.h python3.11/Python.h; do
    [ -f "$pre/usr/include/$h" ] || { echo "MISSING: /usr/include/$h"; missing=1; }
done
glibc_files=""
for elf in $(find "$pre" -type f \( -name '*.so' -o -name '*.so.*' -o -path '*/bin/*' \)); do
    head -c4 "$elf" | grep -q 'ELF' || continue
    rel=${elf#"$pre"}
    skip=0
    for u in $UNUSED_ELF; do case $rel in *"$u"*) skip=1 ;; esac; done
    # programs: only the interpreter runs (GNU Radio's demo programs do not)
    case $rel in /usr/bin/python3.11) ;; */bin/*) skip=1 ;; esac
    [ $skip = 1 ] && continue
    glibc_files="$glibc_files $elf"
    for n in $(readelf -d "$elf" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        case $base in *" $n "*) continue ;; esac
        found=0
        for d in $libdirs; do [ -e "$d/$n" ] && found=1; done
        if [ $found = 0 ]; then
            echo "MISSING: $rel needs $n"
            missing=1
        fi
    done
done
# the newest symbol versions of glibc and libstdc++ that the carried files use
# (.ci/device-run compares them with the device's)
# shellcheck disable=SC2086
need_glibc=$(readelf -V -W $glibc_files 2>/dev/null | grep -o 'GLIBC_2\.[0-9]*' | sort -u -t. -k2,2n | tail -1)
# shellcheck disable=SC2086
need_glibcxx=$(readelf -V -W $glibc_files 2>/dev/null | grep -o 'GLIBCXX_3\.4\.[0-9]*' | sort -u -t. -k3,3n | tail -1)

rm -rf "$dest"
mkdir "$dest"
mv "$tmp"/debs/*.deb "$dest"/
# REQUIRES: the newest versions, then each file that needs more than glibc 2.34
# (Ubuntu 22.04 has 2.35, 24.04 has 2.39; .ci/device-run reads this)
{
    echo "glibc $need_glibc"
    echo "glibcxx $need_glibcxx"
    for elf in $glibc_files; do
        v=$(readelf -V -W "$elf" 2>/dev/null | grep -o 'GLIBC_2\.[0-9]*' | sort -u -t. -k2,2n | tail -1)
        v=${v:-GLIBC_2.0}
        if [ "${v#GLIBC_2.}" -gt 34 ]; then echo "file $v ${elf#"$pre"/}"; fi
    done
} >"$dest/REQUIRES"
ls "$dest" | sed -n 's/_.*\.deb$//p' >"$dest/PACKAGES"
echo "$(ls "$dest"/*.deb | wc -l) packages in $dest, $(du -ck "$dest"/*.deb | tail -1 | cut -f1) KiB" \
    "($(du -cb "$dest"/*.deb | tail -1 | cut -f1) bytes); needs $need_glibc, $need_glibcxx"
if [ $missing = 1 ]; then
    echo "closure check failed: add the packages of the MISSING libraries above" >&2
    exit 1
fi
