/* -*- c++ -*- */
/*
 * Copyright 2026 The gr-gpufec authors.
 *
 * The AVX-512 float layered row of compile-time degree D (namespace isa_ops;
 * included by ops_avx512.h only) for min-sum, normalized and offset min-sum in the
 * inter-frame layout (16 frames in the lanes, "Implementation of a Heterogeneous
 * LDPC Decoder on ARM and GPU of Mobile Devices"): the row's extrinsics and clamped
 * V2C stay in registers between the two passes and the loops are unrolled. Every
 * operation is row_update_float()'s, i.e. the reference decoder's scalar one
 * lane-wise (std::min(a, b) = b < a ? b : a is vminps(b, a), std::max(a, b) =
 * a < b ? b : a is vmaxps(b, a); no FMA, no reassociation), so the results are
 * the reference's bit for bit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_SIMD_FLOAT_ROW_AVX512_H
#define INCLUDED_GPUFEC_SIMD_FLOAT_ROW_AVX512_H

#include "num_traits.h"
#include "simd_kernels.h"
#include <cstddef>
#include <cstdint>
#include <immintrin.h>

namespace gpufec {
namespace simd {
namespace {
namespace isa_ops {

/*!
 * One layered float row of degree D: L + rc[j] * 16 the posteriors, C + j * 16
 * the row's C2V (edge order), not Masked (no lane refilled this iteration).
 */
template <check_node_rule Rule, int D>
inline void float_row_fixed(float* L, const int* rc, float* C, const job& jb)
{
    constexpr int W = 16;
    const float lim = num<float>::init;
    const __m512 plim = _mm512_set1_ps(lim), nlim = _mm512_set1_ps(-lim);
    const __m512 zero = _mm512_setzero_ps();
    const __m512i absm = _mm512_set1_epi32(0x7fffffff);
    const __m512i sbit = _mm512_set1_epi32(static_cast<int>(0x80000000u));
    __m512 min1 = plim, min2 = plim;
    __mmask16 neg = 0;
    __m512 x[D], e[D];
    float* Lc[D];
#pragma GCC unroll 32
    for (int j = 0; j < D; ++j) {
        Lc[j] = L + static_cast<size_t>(rc[j]) * W;
        x[j] = _mm512_sub_ps(_mm512_loadu_ps(Lc[j]), _mm512_loadu_ps(C + j * W));
        __m512 v = _mm512_max_ps(nlim, x[j]); // std::max(x, -lim)
        v = _mm512_min_ps(plim, v);           // std::min(v, lim)
        e[j] = v;
        const __m512 a =
            _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(v), absm));
        neg = static_cast<__mmask16>(neg ^ _mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ));
        const __m512 mx = _mm512_max_ps(a, min1); // std::max(min1, a)
        min2 = _mm512_min_ps(mx, min2);           // std::min(min2, mx)
        min1 = _mm512_min_ps(a, min1);            // std::min(min1, a)
    }
    __m512 mag1 = min1, mag2 = min2;
    if constexpr (check_node_traits<Rule>::correction ==
                  magnitude_correction::normalized) {
        const __m512 al = _mm512_set1_ps(jb.alpha);
        mag1 = _mm512_mul_ps(al, min1);
        mag2 = _mm512_mul_ps(al, min2);
    } else if constexpr (check_node_traits<Rule>::correction ==
                         magnitude_correction::offset) {
        const __m512 be = _mm512_set1_ps(jb.beta);
        mag1 = _mm512_max_ps(zero, _mm512_sub_ps(min1, be)); // m < 0 ? 0 : m
        mag2 = _mm512_max_ps(zero, _mm512_sub_ps(min2, be));
    }
#pragma GCC unroll 32
    for (int j = 0; j < D; ++j) {
        const __m512 a =
            _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(e[j]), absm));
        const __mmask16 t2 = _mm512_cmp_ps_mask(a, min1, _CMP_EQ_OQ);
        const __mmask16 sg =
            static_cast<__mmask16>(neg ^ _mm512_cmp_ps_mask(e[j], zero, _CMP_LT_OQ));
        const __m512 mag = _mm512_mask_blend_ps(t2, mag1, mag2);
        const __m512 m = _mm512_castsi512_ps(_mm512_mask_xor_epi32(
            _mm512_castps_si512(mag), sg, _mm512_castps_si512(mag), sbit));
        _mm512_storeu_ps(C + j * W, m);
        _mm512_storeu_ps(Lc[j], _mm512_add_ps(x[j], m));
    }
}

//! Row degrees with a float_row_fixed instance.
constexpr int float_degree_min = 3, float_degree_max = 12;

/*! float_row_fixed() for degree d when it has an instance (true), else false. */
template <check_node_rule Rule, int D = float_degree_min>
inline bool float_row_by_degree(int d, float* L, const int* rc, float* C, const job& jb)
{
    if (d == D) {
        float_row_fixed<Rule, D>(L, rc, C, jb);
        return true;
    }
    if constexpr (D < float_degree_max)
        return float_row_by_degree<Rule, D + 1>(d, L, rc, C, jb);
    else
        return false;
}

} // namespace isa_ops
} // namespace
} // namespace simd
} // namespace gpufec

#endif /* INCLUDED_GPUFEC_SIMD_FLOAT_ROW_AVX512_H */
