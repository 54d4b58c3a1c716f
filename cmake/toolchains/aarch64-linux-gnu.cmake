# Cross build for AArch64 Linux with Debian's g++-aarch64-linux-gnu; the tests run
# under qemu-aarch64 (user mode) through CMAKE_CROSSCOMPILING_EMULATOR, so `ctest`
# works on an x86-64 host. Used by scripts/neon-check.sh.
#
# Extra arm64 packages (CppUnit, CLI11) unpacked with `dpkg -x` into a prefix are
# searched when that prefix is given in the environment variable
# GPUFEC_AARCH64_SYSROOT (the folder holding usr/).
#
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later

set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

set(_gpufec_cross_root /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH ${_gpufec_cross_root})
if(DEFINED ENV{GPUFEC_AARCH64_SYSROOT} AND NOT "$ENV{GPUFEC_AARCH64_SYSROOT}" STREQUAL "")
    list(APPEND CMAKE_FIND_ROOT_PATH "$ENV{GPUFEC_AARCH64_SYSROOT}")
    # pkg-config must not report the host's (x86-64) libraries
    set(ENV{PKG_CONFIG_LIBDIR}
        "$ENV{GPUFEC_AARCH64_SYSROOT}/usr/lib/aarch64-linux-gnu/pkgconfig:$ENV{GPUFEC_AARCH64_SYSROOT}/usr/share/pkgconfig")
    set(ENV{PKG_CONFIG_SYSROOT_DIR} "$ENV{GPUFEC_AARCH64_SYSROOT}")
else()
    set(ENV{PKG_CONFIG_LIBDIR} "${_gpufec_cross_root}/lib/pkgconfig")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# run target binaries (tests, apps) under qemu, with the cross libc / libstdc++
find_program(GPUFEC_QEMU_AARCH64 qemu-aarch64)
if(GPUFEC_QEMU_AARCH64)
    set(CMAKE_CROSSCOMPILING_EMULATOR ${GPUFEC_QEMU_AARCH64} -L ${_gpufec_cross_root})
endif()
