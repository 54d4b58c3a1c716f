/* -*- c++ -*- */
/*
 * What the two run-time dispatchers (simd_dispatch.cc: the binary min-sum-family
 * protokernels; nb_minmax_dispatch.cc: the nonbinary check node) share, in VOLK's
 * dispatcher model: the AArch64 Advanced SIMD check, the lookup by name with an
 * error that lists what this CPU offers, and "the best one, unless the environment
 * names one". The one environment override of both, as VOLK's profile file is of
 * VOLK's kernels: $GPUFEC_SIMD_ARCH (generic, sse4_1, avx2, avx512; generic, neon
 * on AArch64), the instruction set the CPU code may use. Every other choice of the
 * decoders is an option (decoder_options, nb_decoder_options).
 *
 * Copyright 2026 The gr-gpufec authors.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_DISPATCH_COMMON_H
#define INCLUDED_GPUFEC_SIMD_DISPATCH_COMMON_H

#include <cstdlib>
#include <gpufec/error.h>
#include <string>
#include <vector>
#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace gpufec {
namespace simd {

#if defined(__aarch64__) && defined(__ARM_NEON)
/*! Advanced SIMD is part of armv8-a, so always there; the HWCAP check is a guard. */
inline bool cpu_has_asimd()
{
#if defined(__linux__) && defined(AT_HWCAP) && defined(HWCAP_ASIMD)
    return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
#else
    return true;
#endif
}
#endif

/*!
 * The kernel of `available` called `name`; otherwise invalid_argument
 * "WHAT 'name' is unknown or not supported by this CPU; available here: ...".
 */
template <typename K>
const K& kernel_by_name(const std::vector<const K*>& available,
                        const std::string& name,
                        const std::string& what)
{
    std::string names;
    for (const K* k : available) {
        if (name == k->name)
            return *k;
        names += std::string(names.empty() ? "" : ", ") + k->name;
    }
    throw invalid_argument(
        what + " '" + name +
        "' is unknown or not supported by this CPU; available here: " + names);
}

/*! $GPUFEC_SIMD_ARCH, or "" where it is not set. */
inline std::string arch_override()
{
    const char* env = std::getenv("GPUFEC_SIMD_ARCH");
    return env ? env : "";
}

/*! The one `name` names (if not empty), else the last (best) of `available`. */
template <typename K>
const K& best_kernel(const std::vector<const K*>& available,
                     const std::string& name,
                     const std::string& what)
{
    if (!name.empty())
        return kernel_by_name(available, name, what);
    return *available.back();
}

} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_DISPATCH_COMMON_H */
