/* -*- c++ -*- */
/*
 * Run-time choice of the nonbinary check-node convolution protokernel
 * (nb_minmax.h; VOLK's dispatcher model, like simd_dispatch.cc): the best one
 * the running CPU supports, or the one $GPUFEC_SIMD_ARCH names (generic, avx2,
 * avx512; generic, neon on AArch64), the same override as the binary decoder's
 * (dispatch_common.h); sse4_1, for which this dispatcher has no kernel, gives
 * generic.
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dispatch_common.h"
#include "nb_minmax.h"

namespace gpufec {
namespace simd {

#if defined(__aarch64__) && defined(__ARM_NEON)
// nb_minmax_neon.cc (AArch64 only; declared here, the one place that uses it)
const nb_minmax_kernel& nb_minmax_neon();
#endif

std::vector<const nb_minmax_kernel*> nb_available_minmax_kernels()
{
    std::vector<const nb_minmax_kernel*> v{ &nb_minmax_generic() };
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        v.push_back(&nb_minmax_avx2());
    if (__builtin_cpu_supports("avx512f"))
        v.push_back(&nb_minmax_avx512());
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
    if (cpu_has_asimd())
        v.push_back(&nb_minmax_neon());
#endif
    return v;
}

const nb_minmax_kernel& nb_minmax_kernel_by_name(const std::string& name)
{
    return kernel_by_name(
        nb_available_minmax_kernels(), name, "nonbinary SIMD architecture");
}

const nb_minmax_kernel& nb_best_minmax_kernel()
{
    std::string arch = arch_override();
    if (arch == "sse4_1") {
        arch = "generic"; // no SSE4.1 kernel: the instruction sets below it
    }
    return best_kernel(nb_available_minmax_kernels(),
                       arch,
                       "GPUFEC_SIMD_ARCH: nonbinary SIMD architecture");
}

} // namespace simd
} // namespace gpufec
