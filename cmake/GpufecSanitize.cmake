# Sanitizer and fuzzing builds of the core (included from the top-level
# CMakeLists.txt):
#   GPUFEC_SANITIZE=ON  builds everything with -fsanitize=address,undefined
#                       (gcc or clang; meant with ENABLE_CUDA=OFF and
#                       ENABLE_GNURADIO=OFF); every UBSan report aborts.
#   GPUFEC_FUZZ=ON      builds the libFuzzer harnesses of fuzz/ (clang only),
#                       with the core instrumented for coverage, ASan and UBSan.
#
# Copyright 2026 The gr-gpufec authors.
# SPDX-License-Identifier: GPL-3.0-or-later

option(GPUFEC_SANITIZE "Build with -fsanitize=address,undefined" OFF)
option(GPUFEC_FUZZ "Build the libFuzzer harnesses of fuzz/ (clang)" OFF)

if(GPUFEC_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "GPUFEC_FUZZ=ON needs clang (configure with "
                            "-DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang)")
    endif()
    if(GPUFEC_HAVE_CUDA OR ENABLE_GNURADIO)
        message(FATAL_ERROR "GPUFEC_FUZZ=ON: configure with -DENABLE_CUDA=OFF "
                            "-DENABLE_GNURADIO=OFF")
    endif()
    # the library and everything else: coverage for libFuzzer, ASan, UBSan; the
    # harnesses add -fsanitize=fuzzer (libFuzzer's main) themselves
    set(_gpufec_san_flags -fsanitize=fuzzer-no-link,address,undefined
                          -fno-sanitize-recover=all -fno-omit-frame-pointer -g)
    add_compile_options(${_gpufec_san_flags})
    add_link_options(-fsanitize=address,undefined)
elseif(GPUFEC_SANITIZE)
    if(GPUFEC_HAVE_CUDA)
        message(FATAL_ERROR "GPUFEC_SANITIZE=ON: configure with -DENABLE_CUDA=OFF "
                            "(the host sanitizers do not see device code)")
    endif()
    set(_gpufec_san_flags -fsanitize=address,undefined -fno-sanitize-recover=all
                          -fno-omit-frame-pointer -g)
    add_compile_options(${_gpufec_san_flags})
    add_link_options(-fsanitize=address,undefined)
endif()
