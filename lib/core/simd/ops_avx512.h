/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * Lane operations of the SIMD min-sum-family kernels for AVX-512 (F, BW, VL;
 * namespace isa_ops, the names of ops_generic.h): the saturating add / sub of
 * fixed-point lanes with the hardware saturating instructions (which saturate at
 * -max-1) followed by a max with -max, the sign bits of 64 lanes as a mask
 * (vpmovb2m / vpmovw2m), bit-identical to the portable loops; and, with the mask
 * registers, the compressed C2V and the rotated vector loads / masked stores of
 * compressed_c2v_avx512.h (mask_registers = true), the register-resident float
 * rows of float_row_avx512.h, the lane transposes of lane_transpose_avx512.h and
 * the quantization of the channel LLRs of quantize_avx512.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_OPS_AVX512_H
#define INCLUDED_GPUFEC_SIMD_OPS_AVX512_H

#include "ops_generic.h"
#include <immintrin.h>

namespace gpufec {
namespace simd {
namespace {
namespace isa_ops {

//! Lane mask registers: compressed C2V, masked stores (compressed_c2v_avx512.h).
constexpr bool mask_registers = true;

/*! out[l] = clamp(a[l] +- b[l], -max, max) over W lanes (ops_generic.h). */
template <typename T, int W, bool Sub>
inline void addsub_sat(const T* __restrict a, const T* __restrict b, T* __restrict out)
{
    constexpr int bytes = W * static_cast<int>(sizeof(T));
    constexpr bool i8 = sizeof(T) == 1;
    if constexpr (bytes % 64 == 0) {
        const __m512i lo = i8 ? _mm512_set1_epi8(-127) : _mm512_set1_epi16(-32767);
        for (int i = 0; i < bytes; i += 64) {
            const __m512i x = _mm512_loadu_si512(reinterpret_cast<const char*>(a) + i);
            const __m512i y = _mm512_loadu_si512(reinterpret_cast<const char*>(b) + i);
            __m512i r;
            if constexpr (i8)
                r = _mm512_max_epi8(Sub ? _mm512_subs_epi8(x, y) : _mm512_adds_epi8(x, y),
                                    lo);
            else
                r = _mm512_max_epi16(
                    Sub ? _mm512_subs_epi16(x, y) : _mm512_adds_epi16(x, y), lo);
            _mm512_storeu_si512(reinterpret_cast<char*>(out) + i, r);
        }
    } else {
        generic_ops::addsub_sat<T, W, Sub>(a, b, out);
    }
}

/*! Bit l: p[l] < 0, l = 0..63 (ops_generic.h); fixed point as lane masks. */
template <typename T>
inline uint64_t sign_bits64(const T* p)
{
    if constexpr (num<T>::is_float)
        return generic_ops::sign_bits64<T>(p);
    else if constexpr (sizeof(T) == 1)
        return _mm512_movepi8_mask(_mm512_loadu_si512(p));
    else
        return _mm512_movepi16_mask(_mm512_loadu_si512(p)) |
               (static_cast<uint64_t>(_mm512_movepi16_mask(_mm512_loadu_si512(p + 32)))
                << 32);
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#include "compressed_c2v_avx512.h"
#include "float_row_avx512.h"
#include "lane_transpose_avx512.h"
#include "quantize_avx512.h"

#endif /* INCLUDED_GPUFEC_SIMD_OPS_AVX512_H */
