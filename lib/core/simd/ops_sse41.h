/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Lane operations of the SIMD min-sum-family kernels for SSE4.1 (namespace
 * isa_ops, the names of ops_generic.h): the saturating add / sub of fixed-point
 * lanes with the hardware saturating instructions (which saturate at -max-1)
 * followed by a max with -max, bit-identical to the portable loop. The rest is
 * the portable version.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_OPS_SSE41_H
#define INCLUDED_GPUFEC_SIMD_OPS_SSE41_H

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
using generic_ops::sign_bits64;

/*! out[l] = clamp(a[l] +- b[l], -max, max) over W lanes (ops_generic.h). */
template <typename T, int W, bool Sub>
inline void addsub_sat(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    constexpr int bytes = W * static_cast<int>(sizeof(T));
    constexpr bool i8 = sizeof(T) == 1;
    if constexpr (bytes % 16 == 0) {
        const __m128i lo = i8 ? _mm_set1_epi8(-127) : _mm_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 16) {
            const __m128i x = _mm_loadu_si128(
                reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(a) + i));
            const __m128i y = _mm_loadu_si128(
                reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(b) + i));
            __m128i r;
            if constexpr (i8)
                r = _mm_max_epi8(Sub ? _mm_subs_epi8(x, y) : _mm_adds_epi8(x, y), lo);
            else
                r = _mm_max_epi16(Sub ? _mm_subs_epi16(x, y) : _mm_adds_epi16(x, y), lo);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(reinterpret_cast<char*>(out) + i),
                             r);
        }
    } else {
        generic_ops::addsub_sat<T, W, Sub>(a, b, out);
    }
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_OPS_SSE41_H */
