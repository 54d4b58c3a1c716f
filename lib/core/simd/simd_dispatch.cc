/* -*- c++ -*- */
/*
 * Run-time choice of the SIMD protokernel (VOLK's dispatcher model, in-tree):
 * the best one the running CPU supports, or the one $GPUFEC_SIMD_ARCH names
 * (generic, sse4_1, avx2, avx512; generic, neon on AArch64).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dispatch_common.h"
#include "simd_kernels.h"

namespace gpufec {
namespace simd {

#if defined(__aarch64__) && defined(__ARM_NEON)
// kernel_neon.cc (AArch64 only; declared here, the one place that uses it)
const protokernel& protokernel_neon();
#endif

std::vector<const protokernel*> available_protokernels()
{
    std::vector<const protokernel*> v{ &protokernel_generic() };
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sse4.1"))
        v.push_back(&protokernel_sse4_1());
    if (__builtin_cpu_supports("avx2"))
        v.push_back(&protokernel_avx2());
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl"))
        v.push_back(&protokernel_avx512());
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
    if (cpu_has_asimd())
        v.push_back(&protokernel_neon());
#endif
    return v;
}

const protokernel& protokernel_by_name(const std::string& name)
{
    return kernel_by_name(available_protokernels(), name, "SIMD architecture");
}

const protokernel& best_protokernel()
{
    return best_kernel(
        available_protokernels(), arch_override(), "GPUFEC_SIMD_ARCH: SIMD architecture");
}

} // namespace simd
} // namespace gpufec
