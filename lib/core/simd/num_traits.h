/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Number traits of the SIMD min-sum-family kernels (simd_kernel_impl.h): the lane
 * type's integer twin (signs, masks) and the "empty minimum". Fixed point
 * saturates symmetrically at +-max; float follows cpu_reference_decoder exactly:
 * channel LLRs and V2C messages clamped at +-1e6 (llr_limit), the posterior not
 * clamped, the empty minimum is +1e6.
 *
 * Like every header of the kernel body, its definitions live in an anonymous
 * namespace: each protokernel's translation unit compiles them with its own ISA
 * flags, so they must not be merged across translation units by the linker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_NUM_TRAITS_H
#define INCLUDED_GPUFEC_SIMD_NUM_TRAITS_H

#include <cstdint>
#include <limits>

namespace gpufec {
namespace simd {
namespace {

template <typename T>
struct num {
    static constexpr bool is_float = false;
    using M = T; //!< integer lane type of the same width (signs, masks)
    static constexpr T init = std::numeric_limits<T>::max();
};
template <>
struct num<float> {
    static constexpr bool is_float = true;
    using M = int32_t;
    static constexpr float init = 1.0e6f; // cpu_reference_decoder::llr_limit
};

} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_NUM_TRAITS_H */
