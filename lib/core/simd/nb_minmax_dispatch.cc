/* -*- c++ -*- */
/*
 * Run-time choice of the nonbinary check-node convolution protokernel
 * (nb_minmax.h; VOLK's dispatcher model, like simd_dispatch.cc): the best one
 * the running CPU supports, or the one $GPUFEC_NB_SIMD_ARCH names (generic, avx2,
 * avx512; generic, neon on AArch64).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "nb_minmax.h"
#include <cstdlib>
#include <gpufec/error.h>
#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace gpufec {
namespace simd {

#if defined(__aarch64__) && defined(__ARM_NEON)
// nb_minmax_neon.cc (AArch64 only; declared here, the one place that uses it)
const nb_minmax_kernel& nb_minmax_neon();

namespace {
// Advanced SIMD is part of armv8-a, so always there; the HWCAP check is a guard.
bool cpu_has_asimd()
{
#if defined(__linux__) && defined(AT_HWCAP) && defined(HWCAP_ASIMD)
    return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
#else
    return true;
#endif
}
} // namespace
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
    std::string names;
    for (const nb_minmax_kernel* k : nb_available_minmax_kernels()) {
        if (name == k->name)
            return *k;
        names += std::string(names.empty() ? "" : ", ") + k->name;
    }
    throw invalid_argument(
        "nonbinary SIMD architecture '" + name +
        "' is unknown or not supported by this CPU; available here: " + names);
}

const nb_minmax_kernel& nb_best_minmax_kernel()
{
    const char* env = std::getenv("GPUFEC_NB_SIMD_ARCH");
    if (env && *env)
        return nb_minmax_kernel_by_name(env);
    return *nb_available_minmax_kernels().back();
}

} // namespace simd
} // namespace gpufec
