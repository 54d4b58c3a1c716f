/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Lane operations of the SIMD min-sum-family kernels for AVX2 (namespace isa_ops,
 * the names of ops_generic.h): the saturating add / sub of fixed-point lanes with
 * the hardware saturating instructions (which saturate at -max-1) followed by a
 * max with -max, and the sign bits of 64 int8 lanes by movemask; bit-identical
 * to the portable loops. The rest is the portable version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_OPS_AVX2_H
#define INCLUDED_GPUFEC_SIMD_OPS_AVX2_H

#include "ops_generic.h"
#include <immintrin.h>

namespace gpufec {
namespace simd {
namespace {
namespace isa_ops {

using generic_ops::block_cols;
using generic_ops::compressed_chunk;
using generic_ops::compressed_row;
using generic_ops::compressed_row_by_degree;
using generic_ops::float_row_by_degree;
using generic_ops::float_sign_masks;
using generic_ops::hard_block;
using generic_ops::lane_transpose;
using generic_ops::load_columns_block;
using generic_ops::mask_registers;
using generic_ops::quantize_fixed;
using generic_ops::quantize_fixed8;
using generic_ops::rotate_in;
using generic_ops::rotate_out;
using generic_ops::row_consts;

/*! out[l] = clamp(a[l] +- b[l], -max, max) over W lanes (ops_generic.h). */
template <typename T, int W, bool Sub>
inline void addsub_sat(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    constexpr int bytes = W * static_cast<int>(sizeof(T));
    constexpr bool i8 = sizeof(T) == 1;
    if constexpr (bytes % 32 == 0) {
        const __m256i lo = i8 ? _mm256_set1_epi8(-127) : _mm256_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 32) {
            const __m256i x = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>(reinterpret_cast<const char*>(a) + i));
            const __m256i y = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>(reinterpret_cast<const char*>(b) + i));
            __m256i r;
            if constexpr (i8)
                r = _mm256_max_epi8(Sub ? _mm256_subs_epi8(x, y) : _mm256_adds_epi8(x, y),
                                    lo);
            else
                r = _mm256_max_epi16(
                    Sub ? _mm256_subs_epi16(x, y) : _mm256_adds_epi16(x, y), lo);
            _mm256_storeu_si256(
                reinterpret_cast<__m256i*>(reinterpret_cast<char*>(out) + i), r);
        }
    } else {
        generic_ops::addsub_sat<T, W, Sub>(a, b, out);
    }
}

/*! Bit l: p[l] < 0, l = 0..63 (ops_generic.h); int8 by two movemasks. */
template <typename T>
inline uint64_t sign_bits64(const T* p)
{
    if constexpr (!num<T>::is_float && sizeof(T) == 1)
        return static_cast<uint32_t>(_mm256_movemask_epi8(
                   _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)))) |
               (static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32)))))
                << 32);
    else
        return generic_ops::sign_bits64<T>(p);
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_OPS_AVX2_H */
